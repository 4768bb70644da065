#ifndef TRENDING_CCHAFAHEADERS_SHIM_H
#define TRENDING_CCHAFAHEADERS_SHIM_H

/* The installed chafa.h, for tests only: the app declares what it uses itself (Modules/CChafa). */
#include <chafa.h>

#endif
