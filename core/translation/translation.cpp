#include "translation.h"
