/* Private to src/sidecar: unknown keys are kept as ynode trees
 * (SidecarExtra is a mapping node, include/yeok/ynode.h). */
#ifndef YEOK_SIDECAR_PRIVATE_H
#define YEOK_SIDECAR_PRIVATE_H

#include "yeok/sidecar.h"
#include "yeok/ynode.h"

#endif
