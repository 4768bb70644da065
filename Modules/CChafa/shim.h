#ifndef TRENDING_CCHAFA_SHIM_H
#define TRENDING_CCHAFA_SHIM_H

#include <chafa.h>

#endif
