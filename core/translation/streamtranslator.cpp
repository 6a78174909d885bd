#include "streamtranslator.h"
