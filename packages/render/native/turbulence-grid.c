/*
 * turbulenceGrid(out, grid, z, seed, octaves): the distort effect's displacement turbulence at
 * every point of its grid (packages/render/src/engine/turbulence-grid.ts), the same arithmetic
 * step for step in doubles, so every value is the same float as the JavaScript the editor runs
 * (turbulence-grid-native.test.ts compares them). A distort frame at 1080x1920 needs two such
 * grids: 1.7 ms here against 3.8 ms of warm JavaScript (7.5 ms before V8 optimises it), on the
 * render thread, which spends 37.6 ms on such a frame, more than its 33.3 ms at 30 fps; the
 * Default preset's 4 s took 7.0-7.1 s against 7.7-8.0 (alternate runs, decision 014).
 * Built with -ffp-contract=off: a fused multiply-add would round differently from JavaScript.
 */
#include <math.h>
#include "napi-args.h"
#include <stdint.h>
#include <stdlib.h>

/* hash3 in random.ts: Math.imul is the low 32 bits of the product. */
static inline double hash3(uint32_t x, uint32_t y, uint32_t z, uint32_t seed) {
  uint32_t h = seed ^ (x * 0x27d4eb2du) ^ (y * 0x165667b1u) ^ (z * 0x9e3779b1u);
  h = (h ^ (h >> 15)) * 0x85ebca6bu;
  h = (h ^ (h >> 13)) * 0xc2b2ae35u;
  return (double)(h ^ (h >> 16)) / 4294967296.0;
}

/* fade in random.ts, in its order of operations. */
static inline double fade(double t) { return t * t * t * (t * (t * 6 - 15) + 10); }

typedef struct {
  int32_t cols, rows;
  double x0, y0, step;
} Grid;

/* cells in turbulence-grid.ts: each grid line's lattice cell and fade weight at frequency f. */
static void cells(int32_t count, double start, double step, double f, int32_t *index,
                  double *weight) {
  for (int32_t i = 0; i < count; i++) {
    const double v = (start + i * step) * f;
    const double c = floor(v);
    index[i] = (int32_t)c;
    weight[i] = fade(v - c);
  }
}

typedef struct {
  uint32_t zi, seed;
  double w;
} Slices;

/* The noise at a lattice point, blended between its two time slices. */
static inline double at(const Slices *s, int32_t x, int32_t y) {
  const double a = hash3((uint32_t)x, (uint32_t)y, s->zi, s->seed);
  return a + (hash3((uint32_t)x, (uint32_t)y, s->zi + 1, s->seed) - a) * s->w;
}

#define LATTICE_PER_POINT 2

/* Every lattice index is within 2^30 here (checked by the caller below). */
static int turbulence_grid(float *out, const Grid *g, double z, double seed, int32_t octaves) {
  const int32_t cols = g->cols, rows = g->rows;
  const size_t points = (size_t)cols * (size_t)rows;
  double *sums = calloc(points, sizeof(double));
  int32_t *xi = malloc(sizeof(int32_t) * (size_t)(cols + rows));
  double *xw = malloc(sizeof(double) * (size_t)(cols + rows));
  double *lattice = NULL;
  int ok = sums && xi && xw;
  int32_t *yi = xi + cols;
  double *yw = xw + cols;
  double amp = 1, norm = 0, f = 1;
  for (int32_t o = 0; ok && o < octaves; o++) {
    const double zf = z * f;
    const double zfloor = floor(zf);
    const Slices s = {(uint32_t)(int32_t)zfloor, (uint32_t)(int64_t)(seed + o * 1013),
                         fade(zf - zfloor)};
    cells(cols, g->x0, g->step, f, xi, xw);
    cells(rows, g->y0, g->step, f, yi, yw);
    const int32_t lx = xi[0], ly = yi[0];
    const int64_t lw = xi[cols - 1] - lx + 2, lh = yi[rows - 1] - ly + 2;
    const int use_lattice = lw * lh <= (int64_t)LATTICE_PER_POINT * cols * rows;
    if (use_lattice) {
      free(lattice);
      lattice = malloc(sizeof(double) * (size_t)(lw * lh));
      if (!lattice) {
        ok = 0;
        break;
      }
      for (int64_t y = 0; y < lh; y++)
        for (int64_t x = 0; x < lw; x++)
          lattice[y * lw + x] = at(&s, (int32_t)(lx + x), (int32_t)(ly + y));
    }
    for (int32_t j = 0; j < rows; j++) {
      const double v = yw[j];
      for (int32_t i = 0; i < cols; i++) {
        const double u = xw[i];
        double c00, c10, c01, c11;
        if (use_lattice) {
          const int64_t n = (yi[j] - ly) * lw + (xi[i] - lx);
          c00 = lattice[n];
          c10 = lattice[n + 1];
          c01 = lattice[n + lw];
          c11 = lattice[n + lw + 1];
        } else {
          c00 = at(&s, xi[i], yi[j]);
          c10 = at(&s, xi[i] + 1, yi[j]);
          c01 = at(&s, xi[i], yi[j] + 1);
          c11 = at(&s, xi[i] + 1, yi[j] + 1);
        }
        const double top = c00 + (c10 - c00) * u;
        const double bottom = c01 + (c11 - c01) * u;
        sums[(size_t)j * cols + i] += ((top + (bottom - top) * v) * 2 - 1) * amp;
      }
    }
    norm += amp;
    amp /= 2;
    f *= 2;
  }
  if (ok)
    for (size_t n = 0; n < points; n++) out[n] = (float)(sums[n] / norm);
  free(lattice);
  free(sums);
  free(xi);
  free(xw);
  return ok;
}

static napi_value turbulence_grid_js(napi_env env, napi_callback_info info) {
  size_t argc = 5;
  napi_value args[5];
  if (napi_get_cb_info(env, info, &argc, args, NULL, NULL) != napi_ok || argc != 5)
    return fail(env, "turbulenceGrid(out, grid, z, seed, octaves)");
  napi_typedarray_type type;
  size_t length;
  void *data;
  if (napi_get_typedarray_info(env, args[0], &type, &length, &data, NULL, NULL) != napi_ok ||
      type != napi_float32_array)
    return fail(env, "turbulenceGrid: out is a Float32Array");
  double cols, rows, z, seed, octaves;
  Grid g;
  if (!get_number(env, args[1], "cols", &cols) || !get_number(env, args[1], "rows", &rows) ||
      !get_number(env, args[1], "x0", &g.x0) || !get_number(env, args[1], "y0", &g.y0) ||
      !get_number(env, args[1], "step", &g.step) ||
      napi_get_value_double(env, args[2], &z) != napi_ok ||
      napi_get_value_double(env, args[3], &seed) != napi_ok ||
      napi_get_value_double(env, args[4], &octaves) != napi_ok)
    return fail(env, "turbulenceGrid: a number is missing");
  if (cols < 1 || rows < 1 || cols != floor(cols) || rows != floor(rows) ||
      cols * rows > (double)length || octaves < 0 || octaves > 16 || octaves != floor(octaves))
    return fail(env, "turbulenceGrid: sizes do not match");
  // Past 2^30 a lattice index would wrap as JavaScript's ToInt32 wraps it, which this code does
  // not copy: it answers false, and the caller computes the grid in JavaScript. The seed wraps
  // the same in both (modulo 2^32) while it is a whole number a double holds exactly.
  const double reach = (fabs(g.x0) + fabs(g.y0) + fabs(g.step) * (cols + rows) + fabs(z)) *
                       ldexp(1, (int)octaves);
  if (!(reach < 1 << 30) || seed != floor(seed) || !(fabs(seed) < ldexp(1, 52))) {
    napi_value no;
    napi_get_boolean(env, 0, &no);
    return no;
  }
  g.cols = (int32_t)cols;
  g.rows = (int32_t)rows;
  if (!turbulence_grid(data, &g, z, seed, (int32_t)octaves))
    return fail(env, "turbulenceGrid: out of memory");
  napi_value yes;
  napi_get_boolean(env, 1, &yes);
  return yes;
}

NAPI_MODULE_INIT() {
  napi_value fn;
  napi_create_function(env, "turbulenceGrid", NAPI_AUTO_LENGTH, turbulence_grid_js, NULL, &fn);
  napi_set_named_property(env, exports, "turbulenceGrid", fn);
  return exports;
}
