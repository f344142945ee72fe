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
 * one run; swapped channels about 10 % less. Where the CPU has AVX2 (checked at each call),
 * displaced pixels go eight at a time (row_displaced_avx2): the pass over a 1080x1920 frame with
 * displacement and grain took 9.7-10.4 ms of CPU against 17.4-17.7 without it, swapped channels
 * 9.3-11.1 against 21.2-23.2 (two threads, alternate runs on one host). The neighbours are
 * read with plain loads, not gathers, which are slow on AMD (neighbour_pairs).
 * Built with -ffp-contract=off: a fused multiply-add would round differently from JavaScript.
 */
#include "napi-args.h"
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
  /* Whole spans of displaced pixels in AVX2 (row_displaced_avx2) where the CPU has it. */
  int avx2;
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
 * Where the span of GRID pixels starting at x samples from, and its step per pixel, both in
 * 1/SUB pixels: the grid's displacement at the span's two ends, interpolated across it.
 */
typedef struct {
  double from_x, from_y, step_x, step_y;
} Span;

static inline Span span_at(const float *restrict row_dx, const float *restrict row_dy, int32_t x,
                           int32_t y) {
  const int32_t gx = x >> GRID_BITS;
  const double ax = row_dx[gx], ay = row_dy[gx];
  return (Span){(x + ax) * SUB, (y + ay) * SUB, (1 + ((double)row_dx[gx + 1] - ax) * 0.125) * SUB,
                ((double)row_dy[gx + 1] - ay) * 0.125 * SUB};
}

/*
 * One row of output. `displace`, `grainy` and `same_channels` (each output channel from its own
 * source channel, the effect's default) are constants at each call, so the compiler makes a loop
 * for each without those tests, and nothing is read back through `p` inside them. On x86-64 the
 * blend and the grain of the default channels run in SSE2, one lane per channel.
 */
static inline __attribute__((always_inline)) void row_pass(
    const Pass *restrict p, int32_t y, int32_t x_from, const float *restrict row_dx,
    const float *restrict row_dy, const uint32_t key, const int displace, const int grainy,
    const int same_channels) {
  const uint32_t *restrict src = p->src;
  uint32_t *restrict out = p->out + (size_t)y * p->width;
  const int32_t W = p->width, H = p->height;
  const int32_t grain = p->grain, half = grain >> 1;
  const int32_t max_sx = (W - 1) * SUB, max_sy = (H - 1) * SUB, max_x = W - 1, max_y = H - 1;
  const int32_t sr = p->shift[0], sg = p->shift[1], sb = p->shift[2];
  Span span = {0, 0, 0, 0};
  // x_from is a multiple of GRID: the span's sample position is set at its first pixel.
  for (int32_t x = x_from; x < W; x++) {
    int32_t g = 0;
    if (grainy) {
      const uint32_t h = grain_hash((uint32_t)(y * W + x) ^ key);
      g = (int32_t)(((h >> 16) * (uint32_t)grain) >> 16) - half;
    }
    uint32_t px;
    if (displace) {
      if ((x & (GRID - 1)) == 0) span = span_at(row_dx, row_dy, x, y);
      int32_t sx = (int32_t)span.from_x, sy = (int32_t)span.from_y;
      span.from_x += span.step_x;
      span.from_y += span.step_y;
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

#if defined(__x86_64__)
#include <immintrin.h>
#define HAVE_AVX2_PATH 1
/* Pixels of a row whose sample positions are worked out before they are drawn. */
#define CHUNK 512

/*
 * One channel pair of the bilinear blend (red and blue at shift 0, green and alpha at 8) of the
 * neighbours a, c (above) and d, e (below), each weight in both 16-bit halves of its pixel's
 * lane: the scalar pass's `rb` or `ga`, bit for bit.
 */
__attribute__((target("avx2"))) static inline __m256i blend_avx2(__m256i a, __m256i c, __m256i d,
                                                                 __m256i e, __m256i w00,
                                                                 __m256i w10, __m256i w01,
                                                                 __m256i w11, const int shift) {
  const __m256i lanes = _mm256_set1_epi32((int32_t)LANES);
#define CHANNELS(v) _mm256_and_si256(_mm256_srli_epi32(v, shift), lanes)
  const __m256i above = _mm256_add_epi16(_mm256_mullo_epi16(CHANNELS(a), w00),
                                         _mm256_mullo_epi16(CHANNELS(c), w10));
  const __m256i below = _mm256_add_epi16(_mm256_mullo_epi16(CHANNELS(d), w01),
                                         _mm256_mullo_epi16(CHANNELS(e), w11));
#undef CHANNELS
  const __m256i sum = _mm256_add_epi16(_mm256_add_epi16(above, below), _mm256_set1_epi32(HALF));
  return _mm256_and_si256(_mm256_srli_epi16(sum, 2 * SUB_BITS), lanes);
}

/*
 * The pixels at the eight indices `at` and those just right of them, as two 64-bit loads per
 * pixel: AMD's AVX2 gathers are microcoded, and on an AMD EPYC the four of them cost a third of
 * the pass (a 1080x1920 frame with displacement and grain: 26.5-28.9 ms of CPU with gathers,
 * 19.1-21.5 with these loads, alternate runs). The right neighbour is read even at a row's last
 * pixel, where its weight is 0 (the sample clamps to the pixel's centre), so it changes no sum;
 * the caller gathers instead where a pair would end past the frame.
 */
__attribute__((target("avx2"))) static inline void neighbour_pairs(const int32_t *src,
                                                                   __m256i at, __m256i *left,
                                                                   __m256i *right) {
  int32_t i[8] __attribute__((aligned(32)));
  _mm256_store_si256((__m256i *)i, at);
#define PAIR(k) _mm_cvtsi128_si64(_mm_loadl_epi64((const __m128i *)(src + i[k])))
  // Pairs 0, 1, 4, 5 and 2, 3, 6, 7: one shuffle then puts the eight of each side in order.
  const __m256d lo = _mm256_castsi256_pd(_mm256_setr_epi64x(PAIR(0), PAIR(1), PAIR(4), PAIR(5)));
  const __m256d hi = _mm256_castsi256_pd(_mm256_setr_epi64x(PAIR(2), PAIR(3), PAIR(6), PAIR(7)));
#undef PAIR
  *left = _mm256_castps_si256(
      _mm256_shuffle_ps(_mm256_castpd_ps(lo), _mm256_castpd_ps(hi), _MM_SHUFFLE(2, 0, 2, 0)));
  *right = _mm256_castps_si256(
      _mm256_shuffle_ps(_mm256_castpd_ps(lo), _mm256_castpd_ps(hi), _MM_SHUFFLE(3, 1, 3, 1)));
}

/*
 * The displaced pixels of one row, GRID (8) at a time in AVX2 lanes, for every span that is
 * whole; returns where the scalar pass takes over. The same integer sums as row_pass: the
 * sample positions step through each span in doubles one pixel after another, exactly as
 * there (JavaScript adds, so a position is not its span's start plus k steps); the blend runs in
 * 16-bit lanes (two per 32-bit pixel lane, each sum at most 255 * 64 + 32, no carry between
 * them); the grain is the same hash; the saturating pack is level(). Any channel order: a byte
 * shuffle takes each output channel from its source.
 */
__attribute__((target("avx2"))) static int32_t row_displaced_avx2(
    const Pass *restrict p, int32_t y, const float *restrict row_dx, const float *restrict row_dy,
    const uint32_t key, const int grainy) {
  const int32_t *src = (const int32_t *)p->src;
  uint32_t *restrict out = p->out + (size_t)y * p->width;
  const int32_t W = p->width, H = p->height;
  const __m256i zero = _mm256_setzero_si256();
  const __m256i max_sx = _mm256_set1_epi32((W - 1) * SUB);
  const __m256i max_sy = _mm256_set1_epi32((H - 1) * SUB);
  const __m256i max_x = _mm256_set1_epi32(W - 1), max_y = _mm256_set1_epi32(H - 1);
  const __m256i width = _mm256_set1_epi32(W), one = _mm256_set1_epi32(1);
  const __m256i last = _mm256_set1_epi32(W * H - 1);
  const __m256i sub_mask = _mm256_set1_epi32(SUB - 1), full = _mm256_set1_epi32(SUB * SUB);
  const __m256i opaque = _mm256_set1_epi32((int32_t)0xff000000u);
  const __m256i grain = _mm256_set1_epi32(p->grain);
  const __m256i grain_half = _mm256_set1_epi32(p->grain >> 1);
  const __m256i hash_a = _mm256_set1_epi32(0x7feb352d);
  const __m256i hash_b = _mm256_set1_epi32((int32_t)0x846ca68bu);
  const __m256i hash_key = _mm256_set1_epi32((int32_t)key);
  const __m256i steps = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  // Output byte k of a pixel from source byte shift/8 (alpha left 0, set below), in each lane.
  const int8_t r = (int8_t)(p->shift[0] >> 3), g = (int8_t)(p->shift[1] >> 3),
               b = (int8_t)(p->shift[2] >> 3);
  const __m256i remap = _mm256_setr_epi8(r, g, b, -1, 4 + r, 4 + g, 4 + b, -1, 8 + r, 8 + g, 8 + b,
                                         -1, 12 + r, 12 + g, 12 + b, -1, r, g, b, -1, 4 + r, 4 + g,
                                         4 + b, -1, 8 + r, 8 + g, 8 + b, -1, 12 + r, 12 + g, 12 + b,
                                         -1);
  const int32_t whole = W & ~(GRID - 1);
  // The positions of a chunk of spans first, then its pixels: a vector read straight after
  // the eight stores that wrote it waits for them (store forwarding fails), 11 % of the pass.
  int32_t sxs[CHUNK] __attribute__((aligned(32))), sys[CHUNK] __attribute__((aligned(32)));
  for (int32_t chunk = 0; chunk < whole; chunk += CHUNK) {
    const int32_t end = chunk + CHUNK < whole ? chunk + CHUNK : whole;
    for (int32_t x = chunk; x < end; x += GRID) {
      Span span = span_at(row_dx, row_dy, x, y);
      for (int k = 0; k < GRID; k++) {
        sxs[x - chunk + k] = (int32_t)span.from_x;
        sys[x - chunk + k] = (int32_t)span.from_y;
        span.from_x += span.step_x;
        span.from_y += span.step_y;
      }
    }
    for (int32_t x = chunk; x < end; x += GRID) {
      __m256i sx = _mm256_load_si256((const __m256i *)(sxs + x - chunk));
      __m256i sy = _mm256_load_si256((const __m256i *)(sys + x - chunk));
      sx = _mm256_min_epi32(_mm256_max_epi32(sx, zero), max_sx);
      sy = _mm256_min_epi32(_mm256_max_epi32(sy, zero), max_sy);
      const __m256i x0 = _mm256_srai_epi32(sx, SUB_BITS), y0 = _mm256_srai_epi32(sy, SUB_BITS);
      const __m256i fx = _mm256_and_si256(sx, sub_mask), fy = _mm256_and_si256(sy, sub_mask);
      const __m256i w11 = _mm256_mullo_epi32(fx, fy);
      const __m256i w10 = _mm256_sub_epi32(_mm256_slli_epi32(fx, SUB_BITS), w11);
      const __m256i w01 = _mm256_sub_epi32(_mm256_slli_epi32(fy, SUB_BITS), w11);
      const __m256i w00 = _mm256_sub_epi32(_mm256_sub_epi32(_mm256_sub_epi32(full, w10), w01), w11);
      const __m256i i00 = _mm256_add_epi32(_mm256_mullo_epi32(y0, width), x0);
      const __m256i below = _mm256_and_si256(_mm256_cmpgt_epi32(max_y, y0), width);
      const __m256i i01 = _mm256_add_epi32(i00, below);
      const __m256i right = _mm256_and_si256(_mm256_cmpgt_epi32(max_x, x0), one);
      __m256i pa, pc, pd, pe;
      // i01 is the row below i00, or i00 itself on the last row: the furthest pair starts there.
      if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(i01, last))) {
        pa = _mm256_i32gather_epi32(src, i00, 4);
        pc = _mm256_i32gather_epi32(src, _mm256_add_epi32(i00, right), 4);
        pd = _mm256_i32gather_epi32(src, i01, 4);
        pe = _mm256_i32gather_epi32(src, _mm256_add_epi32(i01, right), 4);
      } else {
        neighbour_pairs(src, i00, &pa, &pc);
        neighbour_pairs(src, i01, &pd, &pe);
      }
      // Each weight in both 16-bit halves of its pixel's lane.
      const __m256i v00 = _mm256_or_si256(w00, _mm256_slli_epi32(w00, 16));
      const __m256i v10 = _mm256_or_si256(w10, _mm256_slli_epi32(w10, 16));
      const __m256i v01 = _mm256_or_si256(w01, _mm256_slli_epi32(w01, 16));
      const __m256i v11 = _mm256_or_si256(w11, _mm256_slli_epi32(w11, 16));
      const __m256i rb = blend_avx2(pa, pc, pd, pe, v00, v10, v01, v11, 0);
      const __m256i ga = blend_avx2(pa, pc, pd, pe, v00, v10, v01, v11, 8);
      const __m256i px = _mm256_shuffle_epi8(_mm256_or_si256(rb, _mm256_slli_epi32(ga, 8)), remap);
      __m256i lo = _mm256_unpacklo_epi8(px, zero), hi = _mm256_unpackhi_epi8(px, zero);
      if (grainy) {
        __m256i h = _mm256_add_epi32(_mm256_set1_epi32(y * W + x), steps);
        h = _mm256_xor_si256(h, hash_key);
        h = _mm256_xor_si256(h, _mm256_srli_epi32(h, 16));
        h = _mm256_mullo_epi32(h, hash_a);
        h = _mm256_xor_si256(h, _mm256_srli_epi32(h, 15));
        h = _mm256_mullo_epi32(h, hash_b);
        h = _mm256_xor_si256(h, _mm256_srli_epi32(h, 16));
        const __m256i gr = _mm256_sub_epi32(
            _mm256_srli_epi32(_mm256_mullo_epi32(_mm256_srli_epi32(h, 16), grain), 16), grain_half);
        // The grain of pixels 0-1 and 2-3 of each lane in their four 16-bit channel lanes.
        const __m256i g16 = _mm256_packs_epi32(gr, gr);
        const __m256i pairs = _mm256_unpacklo_epi16(g16, g16);
        lo = _mm256_add_epi16(lo, _mm256_unpacklo_epi32(pairs, pairs));
        hi = _mm256_add_epi16(hi, _mm256_unpackhi_epi32(pairs, pairs));
      }
      const __m256i levels = _mm256_packus_epi16(lo, hi);
      _mm256_storeu_si256((__m256i *)(out + x), _mm256_or_si256(levels, opaque));
    }
  }
  return whole;
}
#endif

/* row_pass with `displace` and `grainy` as constants, for the one `same_channels` given. */
static inline __attribute__((always_inline)) void row_with_channels(
    const Pass *restrict p, int32_t y, int32_t x_from, const float *restrict row_dx,
    const float *restrict row_dy, const uint32_t key, const int displace, const int grainy,
    const int same_channels) {
  if (displace && grainy) row_pass(p, y, x_from, row_dx, row_dy, key, 1, 1, same_channels);
  else if (displace) row_pass(p, y, x_from, row_dx, row_dy, key, 1, 0, same_channels);
  else if (grainy) row_pass(p, y, x_from, row_dx, row_dy, key, 0, 1, same_channels);
  else row_pass(p, y, x_from, row_dx, row_dy, key, 0, 0, same_channels);
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
    int32_t x_from = 0;
#if defined(HAVE_AVX2_PATH)
    if (displace && p->avx2) x_from = row_displaced_avx2(p, y, row_dx, row_dy, key, grainy);
#endif
    if (same) row_with_channels(p, y, x_from, row_dx, row_dy, key, displace, grainy, 1);
    else row_with_channels(p, y, x_from, row_dx, row_dy, key, displace, grainy, 0);
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

static napi_value pass_with(napi_env env, napi_callback_info info, int avx2) {
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
  p.avx2 = avx2;
  p.src = src;
  p.out = out;
  p.dx = dx;
  p.dy = dy;
  if (!run(&p)) return fail(env, "distortPass: out of memory");
  return NULL;
}

static napi_value distort_pass(napi_env env, napi_callback_info info) {
#if defined(HAVE_AVX2_PATH)
  return pass_with(env, info, __builtin_cpu_supports("avx2"));
#else
  return pass_with(env, info, 0);
#endif
}

/* The pass a CPU without AVX2 runs, so that a machine with it still tests that one. */
static napi_value distort_pass_without_avx2(napi_env env, napi_callback_info info) {
  return pass_with(env, info, 0);
}

NAPI_MODULE_INIT() {
  napi_value fn;
  napi_create_function(env, "distortPass", NAPI_AUTO_LENGTH, distort_pass, NULL, &fn);
  napi_set_named_property(env, exports, "distortPass", fn);
  napi_create_function(env, "distortPassWithoutAvx2", NAPI_AUTO_LENGTH,
                       distort_pass_without_avx2, NULL, &fn);
  napi_set_named_property(env, exports, "distortPassWithoutAvx2", fn);
  return exports;
}
