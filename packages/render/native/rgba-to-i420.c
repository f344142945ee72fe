/*
 * rgbaToI420(rgba, width, height, out): a rendered frame (RGBA, as Skia reads it back) to planar
 * YUV 4:2:0, BT.601 limited range, with libyuv's SIMD code. ffmpeg's swscale did this
 * conversion for every frame on its main thread; here it costs a fraction of that and the pipe
 * to ffmpeg carries 12 bits a pixel instead of 32 (decision 014).
 */
#include <libyuv/convert.h>
#include <node_api.h>
#include <stdint.h>

static napi_value fail(napi_env env, const char *message) {
  napi_throw_range_error(env, NULL, message);
  return NULL;
}

static napi_value rgba_to_i420(napi_env env, napi_callback_info info) {
  size_t argc = 4;
  napi_value argv[4];
  void *src, *dst;
  size_t src_len, dst_len;
  int32_t width, height;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc != 4 ||
      napi_get_buffer_info(env, argv[0], &src, &src_len) != napi_ok ||
      napi_get_value_int32(env, argv[1], &width) != napi_ok ||
      napi_get_value_int32(env, argv[2], &height) != napi_ok ||
      napi_get_buffer_info(env, argv[3], &dst, &dst_len) != napi_ok)
    return fail(env, "rgbaToI420(rgba: Buffer, width, height, out: Buffer)");
  if (width <= 0 || height <= 0 || width % 2 || height % 2)
    return fail(env, "rgbaToI420: width and height must be even and positive");
  const size_t pixels = (size_t)width * height;
  if (src_len < pixels * 4 || dst_len < pixels * 3 / 2)
    return fail(env, "rgbaToI420: a buffer is too small for the frame");
  uint8_t *y = dst, *u = y + pixels, *v = u + pixels / 4;
  /* libyuv names formats by their 32-bit word, little-endian: its "ABGR" is RGBA in memory. */
  ABGRToI420(src, width * 4, y, width, u, width / 2, v, width / 2, width, height);
  return NULL;
}

NAPI_MODULE_INIT() {
  napi_value fn;
  napi_create_function(env, "rgbaToI420", NAPI_AUTO_LENGTH, rgba_to_i420, NULL, &fn);
  napi_set_named_property(env, exports, "rgbaToI420", fn);
  return exports;
}
