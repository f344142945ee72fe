/*
 * Speaks a UTF-8 text file with one RHVoice voice, writes it as a 16-bit mono WAV file and prints
 * when each word is said, as RHVoice reports it while it synthesises:
 *
 *   word <start seconds> <end seconds> <byte offset in the text> <byte length>
 *   audio <seconds>
 *
 * Usage: rhvoice-speak VOICE TEXT.txt OUT.wav
 */
#include <RHVoice.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_TEXT (64 * 1024)

/*
 * RHVoice hands audio over in blocks of 100 ms and raises a word's event as soon as its
 * synthesiser reaches the word, while the block holding the word's first samples is still
 * being filled: the word starts between 0 and 100 ms after the audio handed over so far.
 * Half a block is the expected lag (against forced alignment: median error 25 ms, 90 % within
 * 50 ms; docs/decisions/008-voices.md).
 */
#define EVENT_LAG_SECONDS 0.05

struct speech {
  int rate;
  short *samples;
  size_t count, capacity;
  double word_start;
};

static double now(const struct speech *s) { return s->rate ? (double)s->count / s->rate : 0; }

static int set_sample_rate(int rate, void *data) {
  ((struct speech *)data)->rate = rate;
  return 1;
}

static int play_speech(const short *samples, unsigned int count, void *data) {
  struct speech *s = data;
  if (s->count + count > s->capacity) {
    s->capacity = (s->count + count) * 2;
    s->samples = realloc(s->samples, s->capacity * sizeof(short));
    if (!s->samples) return 0;
  }
  memcpy(s->samples + s->count, samples, count * sizeof(short));
  s->count += count;
  return 1;
}

static int word_starts(unsigned int pos, unsigned int len, void *data) {
  struct speech *s = data;
  (void)pos, (void)len;
  s->word_start = now(s) + EVENT_LAG_SECONDS;
  return 1;
}

/* RHVoice counts positions in bytes of the UTF-8 text. */
static int word_ends(unsigned int pos, unsigned int len, void *data) {
  struct speech *s = data;
  printf("word %.3f %.3f %u %u\n", s->word_start, now(s) + EVENT_LAG_SECONDS, pos, len);
  return 1;
}

static void put_le(FILE *f, uint32_t v, int bytes) {
  for (int i = 0; i < bytes; i++) fputc((v >> (8 * i)) & 0xFF, f);
}

static int write_wav(const char *path, const struct speech *s) {
  FILE *f = fopen(path, "wb");
  if (!f) return 0;
  uint32_t data_bytes = (uint32_t)(s->count * 2);
  fwrite("RIFF", 1, 4, f), put_le(f, 36 + data_bytes, 4), fwrite("WAVEfmt ", 1, 8, f);
  put_le(f, 16, 4), put_le(f, 1, 2), put_le(f, 1, 2), put_le(f, s->rate, 4);
  put_le(f, s->rate * 2, 4), put_le(f, 2, 2), put_le(f, 16, 2);
  fwrite("data", 1, 4, f), put_le(f, data_bytes, 4);
  for (size_t i = 0; i < s->count; i++) put_le(f, (uint16_t)s->samples[i], 2);
  return fclose(f) == 0;
}

/* An unknown profile would silently speak with another voice: refuse it instead. */
static int has_profile(RHVoice_tts_engine engine, const char *voice) {
  unsigned int n = RHVoice_get_number_of_voice_profiles(engine);
  char const *const *profiles = RHVoice_get_voice_profiles(engine);
  for (unsigned int i = 0; i < n; i++)
    if (strcasecmp(profiles[i], voice) == 0) return 1;
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s VOICE TEXT.txt OUT.wav\n", argv[0]);
    return 2;
  }
  static char text[MAX_TEXT];
  FILE *in = fopen(argv[2], "rb");
  if (!in) {
    perror(argv[2]);
    return 1;
  }
  size_t text_len = fread(text, 1, MAX_TEXT, in);
  fclose(in);

  struct speech s = {0};
  RHVoice_init_params init = {0};
  /* Where Debian's packages put the voices and the configuration. */
  init.data_path = "/usr/share/RHVoice";
  init.config_path = "/etc/RHVoice";
  init.callbacks.set_sample_rate = set_sample_rate;
  init.callbacks.play_speech = play_speech;
  init.callbacks.word_starts = word_starts;
  init.callbacks.word_ends = word_ends;
  RHVoice_tts_engine engine = RHVoice_new_tts_engine(&init);
  if (!engine) {
    fprintf(stderr, "RHVoice did not start: are its voices installed?\n");
    return 1;
  }
  if (!has_profile(engine, argv[1])) {
    fprintf(stderr, "unknown RHVoice voice: %s\n", argv[1]);
    return 1;
  }
  RHVoice_synth_params params = {0};
  params.voice_profile = argv[1];
  params.relative_rate = params.relative_pitch = params.relative_volume = 1;
  RHVoice_message message =
      RHVoice_new_message(engine, text, text_len, RHVoice_message_text, &params, &s);
  if (!message || !RHVoice_speak(message) || !s.rate || !write_wav(argv[3], &s)) {
    fprintf(stderr, "RHVoice could not speak the text\n");
    return 1;
  }
  printf("audio %.3f\n", now(&s));
  RHVoice_delete_message(message);
  RHVoice_delete_tts_engine(engine);
  return 0;
}
