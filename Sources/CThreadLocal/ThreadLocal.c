#include "CThreadLocal.h"

_Thread_local void *_Nullable persistence_core_adoption_offer = 0;
