/* Reading a native helper's arguments, shared by the addons that take an input object. */
#ifndef STORYREEL_NAPI_ARGS_H
#define STORYREEL_NAPI_ARGS_H
#include <node_api.h>
#include <stdint.h>

/* Throws a TypeError and returns what the addon's function then returns. */
static inline napi_value fail(napi_env env, const char *message) {
  napi_throw_type_error(env, NULL, message);
  return NULL;
}

static inline int get_int(napi_env env, napi_value obj, const char *key, int32_t *out) {
  napi_value v;
  return napi_get_named_property(env, obj, key, &v) == napi_ok &&
         napi_get_value_int32(env, v, out) == napi_ok;
}

static inline int get_uint(napi_env env, napi_value obj, const char *key, uint32_t *out) {
  napi_value v;
  return napi_get_named_property(env, obj, key, &v) == napi_ok &&
         napi_get_value_uint32(env, v, out) == napi_ok;
}

static inline int get_number(napi_env env, napi_value obj, const char *key, double *out) {
  napi_value v;
  return napi_get_named_property(env, obj, key, &v) == napi_ok &&
         napi_get_value_double(env, v, out) == napi_ok;
}
#endif
