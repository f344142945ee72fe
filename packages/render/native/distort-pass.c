/*
 * distortPass(input): the distort effect's pixel pass (packages/render/src/engine/effects/
 * distort.ts, pixelPassJs), the same arithmetic step for step, so every output pixel is the
 * same bits as the JavaScript pass the editor runs (distort-pass.test.ts compares them). Rows
 * are independent (the grain is a hash of each pixel's index), so a frame is split across
 * threads. At 1080x1920 with displacement and grain: 28 ms a frame on 2 cores against
 * JavaScript's 87 ms in the same run (47 ms on one thread with the serial grain stream it had
 * before; decision 014). On x86-64 the blend of the four neighbours, and the grain of the
 * default channels, run in SSE2 lanes with the same integer sums: one thread's pass over a
 * 1080x1920 frame with the default channels took 25 ms against 38 ms with the scalar code, in
 * one run; swapped channels about 10 % less.
 * Built with -ffp-contract=off: a fused multiply-add would round differently from JavaScript.
 */
#include <node_api.h>
#include <stdint.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define GRID 8
#define GRID_BITS 3
#define SUB 8
#define SUB_BITS 3
#define LANES 0x00ff00ffu
#define HALF 0x00200020u

static inline int32_t level(int32_t v) { return v < 0 ? 0 : v > 255 ? 255 : v; }

/* grainHash in distort.ts: lowbias32. */
static inline uint32_t grain_hash(uint32_t h) {
  h ^= h >> 16;
  h *= 0x7feb352du;
  h ^= h >> 15;
  h *= 0x846ca68bu;
  h ^= h >> 16;
  return h;
}

typedef struct {
  const uint32_t *src;
  uint32_t *out;
  int32_t width, height, cols, rows, grain;
  const float *dx, *dy;
  int32_t shift[3];
  uint32_t seed;
} Pass;

/* A channel value plus grain, kept to 0..255, for the channels of `px` at the three shifts. */
static inline uint32_t remap_grain(uint32_t px, int32_t sr, int32_t sg, int32_t sb, int32_t g) {
  return (uint32_t)level((int32_t)((px >> sr) & 255) + g) |
         ((uint32_t)level((int32_t)((px >> sg) & 255) + g) << 8) |
         ((uint32_t)level((int32_t)((px >> sb) & 255) + g) << 16) | 0xff000000u;
}

#if defined(__SSE2__)
/*
 * The bilinear blend of pixels a, c (above) and d, e (below) in 16-bit lanes, one per channel:
 * each lane's sum is at most 255 * 64 + 32, so it is the scalar pass's lane sum, bit for bit.
 * Low four lanes: red, green, blue, alpha, 0..255.
 */
static inline __m128i blend_sse(__m128i above, __m128i below, uint32_t w00, uint32_t w10,
                                uint32_t w01, uint32_t w11) {
  const __m128i zero = _mm_setzero_si128();
  const __m128i wa = _mm_set_epi16(w10, w10, w10, w10, w00, w00, w00, w00);
  const __m128i wb = _mm_set_epi16(w11, w11, w11, w11, w01, w01, w01, w01);
  __m128i sum = _mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(above, zero), wa),
                              _mm_mullo_epi16(_mm_unpacklo_epi8(below, zero), wb));
  sum = _mm_add_epi16(sum, _mm_srli_si128(sum, 8));
  return _mm_srli_epi16(_mm_add_epi16(sum, _mm_set1_epi16(32)), 2 * SUB_BITS);
}

/* Grain added to every lane and kept to 0..255 by the saturating pack: level(), bit for bit. */
static inline uint32_t grain_sse(__m128i lanes, int32_t g) {
  const __m128i v = _mm_add_epi16(lanes, _mm_set1_epi16((int16_t)g));
  return (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(v, v)) | 0xff000000u;
}
#endif

/*
 * One row of output. `displace`, `grainy` and `same_channels` (each output channel from its own
 * source channel, the effect's default) are constants at each call, so the compiler makes a loop
 * for each without those tests, and nothing is read back through `p` inside them. On x86-64 the
 * blend and the grain of the default channels run in SSE2, one lane per channel.
 */
static inline __attribute__((always_inline)) void row_pass(
    const Pass *restrict p, int32_t y, const float *restrict row_dx, const float *restrict row_dy,
    const uint32_t key, const int displace, const int grainy, const int same_channels) {
  const uint32_t *restrict src = p->src;
  uint32_t *restrict out = p->out + (size_t)y * p->width;
  const int32_t W = p->width, H = p->height;
  const int32_t grain = p->grain, half = grain >> 1;
  const int32_t max_sx = (W - 1) * SUB, max_sy = (H - 1) * SUB, max_x = W - 1, max_y = H - 1;
  const int32_t sr = p->shift[0], sg = p->shift[1], sb = p->shift[2];
  double from_x = 0, from_y = 0, step_x = 0, step_y = 0;
  for (int32_t x = 0; x < W; x++) {
    int32_t g = 0;
    if (grainy) {
      const uint32_t h = grain_hash((uint32_t)(y * W + x) ^ key);
      g = (int32_t)(((h >> 16) * (uint32_t)grain) >> 16) - half;
    }
    uint32_t px;
    if (displace) {
      if ((x & (GRID - 1)) == 0) {
        const int32_t gx = x >> GRID_BITS;
        const double ax = row_dx[gx], ay = row_dy[gx];
        from_x = (x + ax) * SUB;
        from_y = (y + ay) * SUB;
        step_x = (1 + ((double)row_dx[gx + 1] - ax) * 0.125) * SUB;
        step_y = ((double)row_dy[gx + 1] - ay) * 0.125 * SUB;
      }
      int32_t sx = (int32_t)from_x, sy = (int32_t)from_y;
      from_x += step_x;
      from_y += step_y;
      sx = sx < 0 ? 0 : sx > max_sx ? max_sx : sx;
      sy = sy < 0 ? 0 : sy > max_sy ? max_sy : sy;
      const int32_t x0 = sx >> SUB_BITS, y0 = sy >> SUB_BITS;
      const uint32_t fx = sx & (SUB - 1), fy = sy & (SUB - 1);
      const uint32_t w11 = fx * fy, w10 = fx * SUB - w11, w01 = fy * SUB - w11;
      const uint32_t w00 = SUB * SUB - w10 - w01 - w11;
      const int32_t i00 = y0 * W + x0;
      const int32_t i01 = y0 < max_y ? i00 + W : i00;
      const int32_t right = x0 < max_x ? 1 : 0;
#if defined(__SSE2__)
      __m128i above, below;
      if (right) {
        above = _mm_loadl_epi64((const __m128i *)(src + i00));
        below = _mm_loadl_epi64((const __m128i *)(src + i01));
      } else {
        above = _mm_set1_epi32((int32_t)src[i00]);
        below = _mm_set1_epi32((int32_t)src[i01]);
      }
      const __m128i lanes = blend_sse(above, below, w00, w10, w01, w11);
      if (same_channels) {
        out[x] = grain_sse(lanes, g);
        continue;
      }
      px = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(lanes, lanes));
#else
      const uint32_t a = src[i00], c = src[i00 + right], d = src[i01], e = src[i01 + right];
      const uint32_t rb = (((a & LANES) * w00 + (c & LANES) * w10 + (d & LANES) * w01 +
                            (e & LANES) * w11 + HALF) >> (2 * SUB_BITS)) & LANES;
      const uint32_t ga = ((((a >> 8) & LANES) * w00 + ((c >> 8) & LANES) * w10 +
                            ((d >> 8) & LANES) * w01 + ((e >> 8) & LANES) * w11 + HALF) >>
                           (2 * SUB_BITS)) & LANES;
      px = rb | (ga << 8);
#endif
    } else {
      px = src[(size_t)y * W + x];
    }
    out[x] = same_channels ? remap_grain(px, 0, 8, 16, g) : remap_grain(px, sr, sg, sb, g);
  }
}

/* row_pass with `displace` and `grainy` as constants, for the one `same_channels` given. */
static inline __attribute__((always_inline)) void row_with_channels(
    const Pass *restrict p, int32_t y, const float *restrict row_dx, const float *restrict row_dy,
    const uint32_t key, const int displace, const int grainy, const int same_channels) {
  if (displace && grainy) row_pass(p, y, row_dx, row_dy, key, 1, 1, same_channels);
  else if (displace) row_pass(p, y, row_dx, row_dy, key, 1, 0, same_channels);
  else if (grainy) row_pass(p, y, row_dx, row_dy, key, 0, 1, same_channels);
  else row_pass(p, y, row_dx, row_dy, key, 0, 0, same_channels);
}

/* Rows [from, to) of the frame; rows are independent, so parts of a frame run on threads. */
typedef struct {
  const Pass *pass;
  int32_t from, to;
  float *row_dx, *row_dy;
} Part;

static void *run_part(void *arg) {
  const Part *part = arg;
  const Pass *p = part->pass;
  const int32_t cols = p->cols, rows = p->rows;
  const int displace = p->dx != NULL, grainy = p->grain > 0;
  const int same = p->shift[0] == 0 && p->shift[1] == 8 && p->shift[2] == 16;
  const uint32_t key = grain_hash(p->seed);
  float *row_dx = part->row_dx, *row_dy = part->row_dy;
  for (int32_t y = part->from; y < part->to; y++) {
    if (displace) {
      int32_t gy = y / GRID;
      if (gy > rows - 2) gy = rows - 2;
      const double fy = (double)y / GRID - gy;
      for (int32_t i = 0; i < cols; i++) {
        const int32_t n = gy * cols + i;
        const double a = p->dx[n], b = p->dy[n];
        row_dx[i] = (float)(a + ((double)p->dx[n + cols] - a) * fy);
        row_dy[i] = (float)(b + ((double)p->dy[n + cols] - b) * fy);
      }
    }
    if (same) row_with_channels(p, y, row_dx, row_dy, key, displace, grainy, 1);
    else row_with_channels(p, y, row_dx, row_dy, key, displace, grainy, 0);
  }
  return NULL;
}

/*
 * The frame in as many parts as the machine has cores, up to MAX_PARTS: the render thread
 * waits on this pass while x264 leaves part of a core idle (all-effects used 1.65 of 2 cores).
 * A part whose thread cannot start runs here.
 */
#define MAX_PARTS 4

static int run(const Pass *p) {
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  int n = cores < 1 ? 1 : cores > MAX_PARTS ? MAX_PARTS : (int)cores;
  if (n > p->height) n = 1;
  float *scratch = malloc(sizeof(float) * 2 * (size_t)(p->cols + 1) * (size_t)n);
  if (!scratch) return 0;
  Part parts[MAX_PARTS];
  pthread_t threads[MAX_PARTS];
  int started[MAX_PARTS] = {0};
  for (int k = 0; k < n; k++) {
    float *mine = scratch + 2 * (size_t)(p->cols + 1) * k;
    parts[k] = (Part){p, (int32_t)((int64_t)p->height * k / n),
                      (int32_t)((int64_t)p->height * (k + 1) / n), mine, mine + p->cols + 1};
  }
  for (int k = 1; k < n; k++) started[k] = pthread_create(&threads[k], NULL, run_part, &parts[k]) == 0;
  run_part(&parts[0]);
  for (int k = 1; k < n; k++) {
    if (started[k]) pthread_join(threads[k], NULL);
    else run_part(&parts[k]);
  }
  free(scratch);
  return 1;
}

static napi_value fail(napi_env env, const char *message) {
  napi_throw_type_error(env, NULL, message);
  return NULL;
}

static int get_int(napi_env env, napi_value obj, const char *key, int32_t *out) {
  napi_value v;
  return napi_get_named_property(env, obj, key, &v) == napi_ok &&
         napi_get_value_int32(env, v, out) == napi_ok;
}

static int get_uint(napi_env env, napi_value obj, const char *key, uint32_t *out) {
  napi_value v;
  return napi_get_named_property(env, obj, key, &v) == napi_ok &&
         napi_get_value_uint32(env, v, out) == napi_ok;
}

/* A typed array's data and element count, or NULL data for null/undefined when allowed. */
static int get_array(napi_env env, napi_value obj, const char *key, napi_typedarray_type want,
                     void **data, size_t *length, int nullable) {
  napi_value v;
  napi_valuetype kind;
  if (napi_get_named_property(env, obj, key, &v) != napi_ok ||
      napi_typeof(env, v, &kind) != napi_ok)
    return 0;
  if (nullable && (kind == napi_null || kind == napi_undefined)) {
    *data = NULL;
    *length = 0;
    return 1;
  }
  napi_typedarray_type type;
  return napi_get_typedarray_info(env, v, &type, length, data, NULL, NULL) == napi_ok &&
         type == want;
}

static napi_value distort_pass(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value in;
  if (napi_get_cb_info(env, info, &argc, &in, NULL, NULL) != napi_ok || argc != 1)
    return fail(env, "distortPass(input)");
  Pass p;
  void *src, *out, *dx, *dy, *remap;
  size_t src_n, out_n, dx_n, dy_n, remap_n;
  if (!get_int(env, in, "width", &p.width) || !get_int(env, in, "height", &p.height) ||
      !get_int(env, in, "cols", &p.cols) || !get_int(env, in, "rows", &p.rows) ||
      !get_int(env, in, "grain", &p.grain) || !get_uint(env, in, "grainSeed", &p.seed) ||
      !get_array(env, in, "src", napi_int32_array, &src, &src_n, 0) ||
      !get_array(env, in, "out", napi_int32_array, &out, &out_n, 0) ||
      !get_array(env, in, "dx", napi_float32_array, &dx, &dx_n, 1) ||
      !get_array(env, in, "dy", napi_float32_array, &dy, &dy_n, 1) ||
      !get_array(env, in, "shifts", napi_int32_array, &remap, &remap_n, 0))
    return fail(env, "distortPass: an input field is missing or of the wrong type");
  const size_t pixels = (size_t)p.width * (size_t)p.height;
  const size_t nodes = (size_t)p.cols * (size_t)p.rows;
  if (p.width <= 0 || p.height <= 0 || src_n < pixels || out_n < pixels || remap_n != 3 ||
      (dx != NULL) != (dy != NULL) ||
      (dx && (p.cols < (p.width + GRID - 1) / GRID + 1 || p.rows < (p.height + GRID - 1) / GRID + 1 ||
              dx_n < nodes || dy_n < nodes)))
    return fail(env, "distortPass: sizes do not match");
  for (int i = 0; i < 3; i++) {
    p.shift[i] = ((int32_t *)remap)[i];
    if (p.shift[i] != 0 && p.shift[i] != 8 && p.shift[i] != 16)
      return fail(env, "distortPass: shifts are 0, 8 or 16");
  }
  p.src = src;
  p.out = out;
  p.dx = dx;
  p.dy = dy;
  if (!run(&p)) return fail(env, "distortPass: out of memory");
  return NULL;
}

NAPI_MODULE_INIT() {
  napi_value fn;
  napi_create_function(env, "distortPass", NAPI_AUTO_LENGTH, distort_pass, NULL, &fn);
  napi_set_named_property(env, exports, "distortPass", fn);
  return exports;
}
