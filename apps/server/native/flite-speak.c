/*
 * Speaks a text file with one flite voice (rms or kal16), writes it as a 16-bit mono WAV file and
 * prints when each word is said, from the segment times of flite's own utterance, and the phones
 * it said (the aligner uses them to pronounce words its dictionary lacks):
 *
 *   word <start seconds> <end seconds> <byte offset in the text> <byte length> <phone>...
 *   audio <seconds>
 *
 * A word here is a token of the text as written ("42,"), however many words flite says for it
 * ("forty two"). The text must be ASCII: flite reads bytes, not UTF-8.
 *
 * Usage: flite-speak VOICE TEXT.txt OUT.wav
 */
#include <flite/flite.h>
#include <stdio.h>
#include <string.h>

#define MAX_TEXT (64 * 1024)

cst_voice *register_cmu_us_rms(const char *voxdir);
cst_voice *register_cmu_us_kal16(const char *voxdir);

/* A word's first and last segments in the Segment relation, through its syllables. */
static cst_item *first_segment(const cst_item *word) {
  cst_item *syllable = item_daughter(item_as(word, "SylStructure"));
  return syllable ? item_as(item_daughter(syllable), "Segment") : NULL;
}

static cst_item *last_segment(const cst_item *word) {
  cst_item *syllable = item_last_daughter(item_as(word, "SylStructure"));
  return syllable ? item_as(item_last_daughter(syllable), "Segment") : NULL;
}

static void print_token(const cst_item *token, const char *text, size_t *cursor) {
  cst_item *first = item_daughter(token), *last = item_last_daughter(token);
  cst_item *from = first ? first_segment(first) : NULL, *to = last ? last_segment(last) : NULL;
  if (!from || !to) return; /* punctuation on its own: nothing is said */
  /* The token's name is the text as written less its punctuation, so it is found as it is. */
  const char *name = item_feat_string(token, "name");
  const char *at = strstr(text + *cursor, name);
  if (!at) return;
  *cursor = (size_t)(at - text) + strlen(name);
  float start = item_prev(from) ? item_feat_float(item_prev(from), "end") : 0;
  printf("word %.3f %.3f %zu %zu", start, item_feat_float(to, "end"), (size_t)(at - text),
         strlen(name));
  for (cst_item *seg = from; seg; seg = item_next(seg)) {
    printf(" %s", item_feat_string(seg, "name"));
    if (seg == to) break;
  }
  printf("\n");
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s VOICE TEXT.txt OUT.wav\n", argv[0]);
    return 2;
  }
  static char text[MAX_TEXT + 1];
  FILE *in = fopen(argv[2], "rb");
  if (!in) {
    perror(argv[2]);
    return 1;
  }
  text[fread(text, 1, MAX_TEXT, in)] = 0;
  fclose(in);

  flite_init();
  cst_voice *voice = strcmp(argv[1], "rms") == 0     ? register_cmu_us_rms(NULL)
                     : strcmp(argv[1], "kal16") == 0 ? register_cmu_us_kal16(NULL)
                                                     : NULL;
  if (!voice) {
    fprintf(stderr, "unknown flite voice: %s\n", argv[1]);
    return 1;
  }
  cst_utterance *utt = flite_synth_text(text, voice);
  cst_wave *wave = utt ? utt_wave(utt) : NULL;
  if (!wave || cst_wave_save_riff(wave, argv[3]) != CST_OK_FORMAT) {
    fprintf(stderr, "flite could not speak the text\n");
    return 1;
  }
  size_t cursor = 0;
  for (cst_item *token = relation_head(utt_relation(utt, "Token")); token; token = item_next(token))
    print_token(token, text, &cursor);
  printf("audio %.3f\n", (float)wave->num_samples / wave->sample_rate);
  return 0;
}
