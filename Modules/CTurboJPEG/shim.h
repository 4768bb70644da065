#ifndef TRENDING_CTURBOJPEG_SHIM_H
#define TRENDING_CTURBOJPEG_SHIM_H

/* The TurboJPEG API returns error codes instead of calling exit() or longjmp(). */
#include <stddef.h>
#include <turbojpeg.h>

#endif
