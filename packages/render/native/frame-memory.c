/*
 * holdFrameMemory() and releaseFrameMemory(): while a render runs in this process, glibc's
 * malloc keeps up to FRAME_TOP_PAD of freed memory at the top of each heap instead of giving it
 * back to the kernel at once. A render frees frame-sized buffers (read-backs, the distort pass's
 * copies) in bursts after each garbage collection; given back, the next ones were fresh pages
 * the kernel had to map and zero: on a 4 s distort slide 190-300 thousand page faults in the
 * render's process against about 60 thousand held, and a quarter of its CPU (decision 014). When
 * the last render of the process ends, the default comes back and malloc_trim returns what is
 * free, so an idle server stays small (decision 015). Renders run on threads of one process:
 * the count is shared by every thread that loads this addon.
 *
 * discardFrame(view): frees a read-back the render is done with now, not at V8's next full
 * collection. Each frame's read-back is a fresh 8 MB buffer outside V8's heap; V8 counts them
 * and ran a full collection every eight or so frames to free them, a tenth of the headline
 * job's CPU. Detaching the buffer drops its memory at once and leaves the view empty.
 */
#include <malloc.h>
#include <node_api.h>
#include <stdatomic.h>
#include <stdbool.h>

#define FRAME_TOP_PAD (64 << 20)
/*
 * Blocks up to this size (a 1080x1920 frame is 8 MB) come from the heaps, not a mapping of their
 * own each: setting the pad turns off glibc's sliding threshold, which would otherwise have risen
 * to this. A 2160x3840 frame's 33 MB are still mapped apart, so the 4K job's peak is as before.
 */
#define FRAME_MMAP_THRESHOLD (32 << 20)
/* glibc's defaults for both (mallopt(3)). */
#define USUAL_TOP_PAD (128 << 10)
#define USUAL_MMAP_THRESHOLD (128 << 10)

static atomic_int renders = 0;

static napi_value hold(napi_env env, napi_callback_info info) {
  (void)env;
  (void)info;
  if (atomic_fetch_add(&renders, 1) == 0) {
    mallopt(M_MMAP_THRESHOLD, FRAME_MMAP_THRESHOLD);
    mallopt(M_TOP_PAD, FRAME_TOP_PAD);
  }
  return NULL;
}

static napi_value release(napi_env env, napi_callback_info info) {
  (void)env;
  (void)info;
  if (atomic_fetch_sub(&renders, 1) == 1) {
    mallopt(M_TOP_PAD, USUAL_TOP_PAD);
    mallopt(M_MMAP_THRESHOLD, USUAL_MMAP_THRESHOLD);
    malloc_trim(0);
  }
  return NULL;
}

static size_t element_size(napi_typedarray_type type) {
  switch (type) {
  case napi_int16_array:
  case napi_uint16_array:
    return 2;
  case napi_int32_array:
  case napi_uint32_array:
  case napi_float32_array:
    return 4;
  case napi_float64_array:
  case napi_bigint64_array:
  case napi_biguint64_array:
    return 8;
  default:
    return 1;
  }
}

static napi_value discard(napi_env env, napi_callback_info info) {
  size_t argc = 1, length, offset, whole;
  napi_typedarray_type type;
  napi_value view, buffer;
  bool typed = false;
  if (napi_get_cb_info(env, info, &argc, &view, NULL, NULL) != napi_ok || argc != 1 ||
      napi_is_typedarray(env, view, &typed) != napi_ok || !typed ||
      napi_get_typedarray_info(env, view, &type, &length, NULL, &buffer, &offset) != napi_ok ||
      napi_get_arraybuffer_info(env, buffer, NULL, &whole) != napi_ok) {
    napi_throw_type_error(env, NULL, "discardFrame(view: a typed array or Buffer)");
    return NULL;
  }
  /*
   * A small Buffer is a slice of a pool other Buffers share, and some buffers cannot be
   * detached: those are left to the collector. The answer says whether it was freed.
   */
  bool freed = offset == 0 && length * element_size(type) == whole &&
               napi_detach_arraybuffer(env, buffer) == napi_ok;
  napi_value answer;
  napi_get_boolean(env, freed, &answer);
  return answer;
}

NAPI_MODULE_INIT() {
  napi_value fn;
  napi_create_function(env, "holdFrameMemory", NAPI_AUTO_LENGTH, hold, NULL, &fn);
  napi_set_named_property(env, exports, "holdFrameMemory", fn);
  napi_create_function(env, "releaseFrameMemory", NAPI_AUTO_LENGTH, release, NULL, &fn);
  napi_set_named_property(env, exports, "releaseFrameMemory", fn);
  napi_create_function(env, "discardFrame", NAPI_AUTO_LENGTH, discard, NULL, &fn);
  napi_set_named_property(env, exports, "discardFrame", fn);
  return exports;
}
