#pragma once

// Everything the gateway and the studio use of the routing core.
#include "aliasresolver.h"
#include "callrouter.h"
#include "cooldownbook.h"
#include "directiveset.h"
#include "outcome.h"
#include "overview.h"
#include "planner.h"
#include "randomsource.h"
#include "regionheader.h"
#include "requestsummary.h"
#include "routeexplainer.h"
#include "routerstats.h"
#include "util/clock.h"
