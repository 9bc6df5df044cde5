/* The solver's compiled kernel: the same depth-first search as engine/golf/solver/pysearch.py, move for move.
 *
 * A position is reduced to ranks (suits never matter): column heights, the stock index and the rank on
 * top of the foundation. These are packed into one mixed-radix integer, updated incrementally on every
 * move, and remembered in an open-addressing hash set. The set is only a cache (forgetting a state only
 * costs time), so at its memory cap it overwrites entries instead of growing.
 *
 * The search keeps the best value of any position reached (cards left, or minus the stock left when
 * the tableau is cleared) and cuts every position whose lower bound cannot beat it. The bound is a
 * relaxation: every card needs a predecessor of adjacent rank on the foundation (a card played before it,
 * the current top, or a stock card turned), and each predecessor serves one card. The greatest such
 * matching (a path of ranks, or a cycle with wrapping) bounds how many cards can still be played (the top
 * serving only a card on top of a column now, see walk_deficit); cards
 * that can never be played at all (buried under such a card, or with no rank to go onto) tighten it.
 * Clearing is also ruled out when the foundation cannot come often enough into the ranks beyond the
 * starts, one way in for each separate run of such cards in a column (see blocked). Where only clearing
 * can beat the best (two decks, no Joker in the tableau), the last stock card of the window is either
 * never turned or begins a walk that clears what the walks before it leave (see last_walk_out).
 * Turning from a position is not searched when a position with the same column heights was finished with
 * as few stock cards turned (whatever its top): turning on from there reaches every position ours would.
 * On two decks the fringe search's steps are also asked backwards, from the cleared tableau (see the walks
 * back), and the positions of a step with enough stock turned are answered from there.
 * A Search object keeps one position's visited set between searches: what the set holds (positions
 * searched to the end, none with a line below the best of its search) stays true for a later search for
 * lines below a best no higher, which so goes on where the last one stopped; the positions a stopped
 * search left unfinished (those it was in, kept in frame_key) are taken out first. The solver's driver
 * keeps two, branch and bound and the deepening, sharing one memory cap; a run for lines below a best no
 * higher than its idle partner's kept also prunes the positions the partner finished (the deepening
 * reuses what branch and bound proved: strict+double deals 1-20, 378.5M -> 321.7M positions).
 * On two decks the fringe search (Search.fringe, see defer) takes the deepening's place: its steps go on
 * from the positions the last one put off instead of starting over, each put off to the first step the
 * bound and the last walks do not rule it out in, a few steps ahead at most (see due); and in it a
 * position's moves take turns, so that a line behind a long fruitless first move is found without
 * searching that move to the end first (see interleave). A fringe search that has proven hard (see
 * Search.fringe's second) also asks the last walk's rest for a last walk of its own (see second_walk).
 *
 * Any change here must be mirrored in pysearch.py: the tests demand identical answers.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#ifdef __linux__
#include <sys/mman.h>
#endif
#if defined(__linux__) && defined(MADV_HUGEPAGE)
#define HUGE_PAGES 1
#endif

#define MAXC 16
#define MAXH 128
#define MAXS 128
#define MAXD 512
#define NRANK 14  /* 0 = Joker, 1..13 = Ace..King */
#define NOTOP 14  /* empty foundation */
#define TURN 255
#define PROBES 32
#ifndef DUE_AHEAD
#define DUE_AHEAD 4 /* the most steps ahead the fringe search puts a position off at once (see due) */
#endif

#define F_KINGS_PRED 1 /* a King may take a card (Queens on Kings) */
#define F_WRAP 2       /* Ace and King are neighbours */
#define F_STUCK 4      /* the stock may be turned only when no card can be played */
#define F_NOBOUND 8    /* the rules are not the rank ladder the bound assumes */
#define F_LASTWALK 16  /* the bound tries the last walk where only clearing will do (see last_walk_out) */
#define F_BACK 32      /* the fringe search's steps go backwards too (see the walks back) */

/* The nodes one search of walks has tried (see last_walk_out, second_walk): a set stamped with its
 * search, so that a fresh search needs no clearing. */
#define WALK_SLOTS 8192 /* the set of nodes tried, at most half full */
typedef struct {
    uint64_t key[WALK_SLOTS];
    uint32_t stamp[WALK_SLOTS], gen;
} WalkSet;

typedef struct Ctx {
    int ncols, S, flags;
    int height[MAXC];
    unsigned char cards[MAXC][MAXH];
    unsigned char stock[MAXS];
    unsigned char adj[15][NRANK];
    unsigned onto[15]; /* bit r set: rank r may go onto this rank (14: the empty foundation) */
    unsigned under[NRANK]; /* bit q set: rank r may go onto a card of rank q (a walk's step back, see walk_back) */
    unsigned below[MAXC][MAXH + 1];      /* ranks among the deepest h cards of a column */
    unsigned below_onto[MAXC][MAXH + 1]; /* the ranks that may go onto one of them */
    /* runs (separated by other cards) among the deepest h cards of column c of the cards before and after
     * position t on the line of ranks cut at z (see blocked): line_runs + ((z * ncols + c) * (hmax + 1) +
     * h) * 32 + t and 16 bytes on; z 0 (Ace to King) alone without wrapping, 1 .. 13 alone with it */
    unsigned char *line_runs;
    int hmax; /* the tallest column at the start */
    uint64_t wcol[MAXC], widx;
    int cnt[NRANK];
    int *pre; /* (S + 1) x NRANK prefix counts of the stock */
    int best, best_idx, best_len, stop_value, stop, aborted;
    uint64_t limit; /* give up past this many states (0: never) */
    unsigned char path[MAXD], best_path[MAXD];
    uint64_t states;
    void *table;
    uint64_t mask, used, cap;
    int lossy, width, ibits; /* bytes a slot; the low ibits of an entry hold the stock cards turned */
    /* the positions being searched, outermost first: on a search stopped early they are the ones not
     * finished, which are taken out of the visited set so that the next search can go on (see run) */
    uint64_t frame_key[MAXD];
    /* the fringe search's marks on the way (see mark): each frame's stock index, and its log number once
     * logged (0: not yet) */
    unsigned char frame_idx[MAXD];
    uint32_t frame_log[MAXD];
    int frames;
    /* a search sharing the memory cap (see Search.share): growing past it empties that one's set */
    struct Ctx *partner;
    int busy;
    /* kept: every position in the set had no line below this (INT32_MIN: none yet); trust: this run may
     * also prune the positions the idle partner finished, its kept being no lower than this run's best */
    int kept, trust;
    /* heights_too: the set also keeps, per column heights, the fewest stock cards turned by a position
     * finished with those heights after a play, under the top NOTOP (never a real one then; see expand) */
    int heights_too;
    /* the fringe search's siblings taking turns (see interleave): the position count at which the
     * sibling under way is cut (0: none), and cut set when it was */
    uint64_t turn_limit;
    int turn_cut;
    /* the last walk's nodes tried in one bound (see last_walk_out) */
    WalkSet walks;
    /* the nodes of the last walks known (see walks_known), of the second walks known by their base (see
     * second_known), the nodes being found (see known_fill), and the column the position bounded was
     * reached from (-1: none) */
    struct Known *known, *second_known, *filling;
    WalkSet *filling_set;
    int known_parent;
    /* second_on: the last walks' rests need a last walk of their own in this run (see second_walk), whose
     * nodes tried in one search are walks2; and the second walk found last from a stock card of each rank
     * s, if hint2_ok[s]: its cards, those of column c from hint2_a[s][c] up to hint2_b[s][c], their ranks,
     * and the rank of its first card */
    int second_on;
    WalkSet walks2;
    int hint2_ok[NRANK], hint2_first[NRANK], hint2_cnt[NRANK][NRANK];
    int hint2_a[NRANK][MAXC], hint2_b[NRANK][MAXC];
    /* the last walk found last from a stock card of each rank s (see last_walk_out), if hint_ok[s]: its
     * cards, the deepest hint_lo[s][c] of column c; walk_kmin: see walks_fail */
    int hint_ok[NRANK], hint_cnt[NRANK][NRANK], walk_kmin;
    int hint_lo[NRANK][MAXC];
    /* the walks from the top (see first_rest): the heights they can stop at, first_done once found for
     * the position being bounded, first_ok if all were (first_n: their nodes) */
    WalkSet firsts;
    int first_done, first_ok, first_n;
    int no_ways; /* the bound does not ask the ways in (blocked): see expand */
    /* the column plans (see plans_fail): the least pool cards from foundation rank a to playing rank b,
     * route[a][b][0 .. nroute[a][b] - 1] as rank masks (nroute -1: b goes onto a at once), and the column
     * whose plan failed last */
    unsigned short route[NOTOP + 1][NRANK][2];
    signed char nroute[NOTOP + 1][NRANK];
    int plan_last, plan_only;
    /* the plan found last for each column (see plan_kept): for its height sp_h[c], at each gap k (into
     * card k) the stock card turned (sp_t, -1: none) and the pool cards used (sp_m); for each height h up
     * to it, the cards it needs with the column's own (sp_vec) and the first and last stock card turned
     * in the gaps below the top card (sp_tmin, sp_tmax) */
    int sp_h[MAXC];
    short sp_t[MAXC][MAXH], sp_tmin[MAXC][MAXH + 1], sp_tmax[MAXC][MAXH + 1];
    unsigned short sp_m[MAXC][MAXH];
    unsigned char sp_vec[MAXC][MAXH + 1][16];
    unsigned exposed; /* the ranks on top of the columns of the position bounded (see walk_deficit) */
    /* the last walks searched in this run and their nodes in all (see walks_dear) */
    uint64_t walk_searches, walk_nodes;
    /* the fringe search (see Search.fringe): on in its runs; full[c] is column c's height at the start */
    int fringe_on, via_turn, full[MAXC];
    uint64_t full_inv[MAXC]; /* UINT64_MAX / (full[c] + 1), for over_radix */
    /* its log: every position put off to a later step, with the one whose search put it off (parent),
     * and the lists of positions (log numbers) to go on from in this step (cur, from pos) and the next */
    uint64_t *lkey;
    unsigned char *lidx;
    uint32_t *lparent, ln, lcap, from;
    uint32_t *cur, ncur, pos, *next, nnext, capcur, capnext;
    /* positions put off past the next step (see due): the list of those due in step s is ahead[s mod
     * DUE_AHEAD] (steps s + 2 .. s + DUE_AHEAD are put off to in step s, so each list holds one step's) */
    uint32_t *ahead[DUE_AHEAD], nahead[DUE_AHEAD], capahead[DUE_AHEAD];
    int step, overflow;
    /* the walks back of the step under way (see back_turn), if any: positions with back_to or more stock
     * cards turned are answered from them; the step's positions searched (fwd_step), the count at which
     * the walks back next take their turn (back_at); back_none: they proved the step has no line,
     * back_found: that the start clears (its line from them) */
    struct Back *back;
    int back_to, back_none, back_found, back_step; /* back_step: the step the walks back were made for */
    uint64_t fwd_step, back_at;
    /* the least value of a position reached (keep playing, or stop: its cards left), where from and how */
    int seen_min, seen_idx, seen_len;
    uint32_t seen_from;
    unsigned char seen_path[MAXD];
} Ctx;

/* ---- the visited set ------------------------------------------------------------------------- */
/* Keys are stored plus one (0 marks an empty slot), in 32 bits when every key fits: half the memory and
 * cache traffic for single-deck positions; in 40 bits when that is enough (two decks), so that two sets
 * of 2^26 slots fit in well under 1 GB. */

/* 1 if each of the 16 bytes of a is at most b's. */
static inline int bytes_within(const unsigned char *a, const unsigned char *b) {
#ifdef __SSE2__
    __m128i av = _mm_loadu_si128((const __m128i *)a), bv = _mm_loadu_si128((const __m128i *)b);
    return _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(av, bv), bv)) == 0xFFFF;
#else
    for (int i = 0; i < 16; i++)
        if (a[i] > b[i]) return 0;
    return 1;
#endif
}

static inline uint64_t hash64(uint64_t k) {
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdULL;
    k ^= k >> 33;
    return k;
}

/* Slots of 4 and 8 bytes are plain arrays; 5-byte slots (two-deck positions: 37 bits) are read and
 * written 8 bytes at a time, so every table has 8 bytes to spare at its end. */
#define GET_PLAIN(T, t, j) (((const T *)(t))[j])
#define PUT_PLAIN(T, t, j, v) (((T *)(t))[j] = (v))
#define MASK40 ((1ULL << 40) - 1)
static inline uint64_t get40(const void *t, uint64_t j) {
    uint64_t v;
    memcpy(&v, (const char *)t + j * 5, 8);
    return v & MASK40;
}
static inline void put40(void *t, uint64_t j, uint64_t v) {
    uint64_t w;
    memcpy(&w, (char *)t + j * 5, 8);
    w = (w & ~MASK40) | v;
    memcpy((char *)t + j * 5, &w, 8);
}
#define GET_NARROW(t, j) GET_PLAIN(uint32_t, t, j)
#define PUT_NARROW(t, j, v) PUT_PLAIN(uint32_t, t, j, v)
#define GET_WIDE(t, j) GET_PLAIN(uint64_t, t, j)
#define PUT_WIDE(t, j, v) PUT_PLAIN(uint64_t, t, j, v)
#define GET_PACKED(t, j) get40(t, j)
#define PUT_PACKED(t, j, v) put40(t, j, v)

/* Tables of 64 MB and more are mapped in huge pages where the system allows: a lookup lands anywhere in
 * hundreds of megabytes, and with 4 KB pages nearly every one also misses the page-table cache. Not the
 * smaller tables of everyday searches: each huge page may make the kernel compact memory, moving pages
 * of other processes, the bot's among them (with tables from 2 MB up, `golfbot bench core --players 2000
 * --think-ms 400` had p99 30-65 ms instead of 29-34 ms). */
#define HUGE_BYTES (1ULL << 26)
static void *slots_new(uint64_t size, int width) {
    uint64_t bytes = size * (uint64_t)width + 8;
#ifdef HUGE_PAGES
    if (bytes >= HUGE_BYTES) {
        void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) return NULL;
        madvise(p, bytes, MADV_HUGEPAGE); /* a hint: without huge pages it still works */
        return p;
    }
#endif
    return calloc(bytes, 1);
}

static void slots_free(void *table, uint64_t size, int width) {
    uint64_t bytes = size * (uint64_t)width + 8;
    (void)bytes;
    if (!table) return;
#ifdef HUGE_PAGES
    if (bytes >= HUGE_BYTES) {
        munmap(table, bytes);
        return;
    }
#endif
    free(table);
}

/* The fringe search's log and lists (see defer), counted with the visited sets against the memory cap. */
static inline uint64_t fringe_bytes(const Ctx *x) {
    uint64_t lists = (uint64_t)x->capcur + x->capnext;
    for (int k = 0; k < DUE_AHEAD; k++) lists += x->capahead[k];
    return (uint64_t)x->lcap * 13 + lists * 4;
}

/* A set grows in bigger steps once it is past the caches: from 2^21 slots it grows four times over
 * (up to 2^24), so that each position is moved about a third as often. Moving them, each to a slot in
 * fresh memory, was 7-9 % of the time of the two-deck deals of one to two seconds (strict+double deal 71:
 * 0.12 of 1.45 s); with this, strict+double deals 19, 49, 71, 74, 86, 102, 115 and 121 (just past a
 * second each) 9.25-9.65 -> 8.5-8.65 s, the same positions. Past 2^24 slots it doubles again, so the
 * big searches' memory is as before. */
#define GROW_FOUR (1ULL << 21)
#define GROW_FOUR_UPTO (1ULL << 24)
#define DEFINE_TABLE(NAME, T, WIDTH, GET, PUT)                                                            \
    static int NAME##_grow(Ctx *x) {                                                                      \
        uint64_t size = (x->mask + 1) * 2;                                                                \
        if (size >= GROW_FOUR && size * 2 <= GROW_FOUR_UPTO && size * 2 <= x->cap) size *= 2;               \
        uint64_t m = size - 1;                                                                            \
        Ctx *o = x->partner;                                                                              \
        /* the two sets would pass the cap's memory in 8-byte slots and a quarter: the idle one starts    \
         * over (two sets of 5-byte slots at the cap stay within it), unless it is the fringe search's,   \
         * which cannot start over: then this one stops growing (strict+double deal 100: its fringe       \
         * search emptied so, the deepening took 76.7M positions in all, not 42.7M) */                   \
        if (o && !o->busy && o->table && (size + o->mask + 1) * WIDTH + fringe_bytes(x) + fringe_bytes(o) > x->cap * 10) {                    \
            if (o->lkey) return 0;                                                                        \
            slots_free(o->table, o->mask + 1, WIDTH);                                                     \
            o->table = NULL;                                                                              \
        }                                                                                                 \
        void *old = x->table, *fresh = slots_new(size, WIDTH);                                            \
        if (!fresh) return 0;                                                                             \
        for (uint64_t i = 0; i <= x->mask; i++) {                                                         \
            T e = GET(old, i);                                                                            \
            if (!e) continue;                                                                             \
            uint64_t j = hash64(e >> x->ibits) & m;                                                       \
            while (GET(fresh, j)) j = (j + 1) & m;                                                        \
            PUT(fresh, j, e);                                                                             \
        }                                                                                                 \
        slots_free(old, x->mask + 1, WIDTH);                                                              \
        x->table = fresh;                                                                                 \
        x->mask = m;                                                                                      \
        return 1;                                                                                         \
    }                                                                                                     \
    /* 1 if the position must be searched: new, or reached now with fewer stock cards turned than        \
     * before (and that is now remembered); 0 if it was reached before with as few turned. */             \
    static inline int NAME##_insert(Ctx *x, uint64_t key, int idx) {                                      \
        T high = (T)(key + 1), k = (T)(high << x->ibits | (T)idx);                                        \
        void *t = x->table;                                                                               \
        uint64_t j = hash64(high) & x->mask;                                                              \
        T lowmask = (T)((1u << x->ibits) - 1);                                                            \
        if (x->lossy) {                                                                                   \
            for (int p = 0; p < PROBES; p++) {                                                            \
                uint64_t at = (j + p) & x->mask;                                                          \
                T s = GET(t, at);                                                                         \
                if (!s) {                                                                                 \
                    PUT(t, at, k);                                                                        \
                    return 1;                                                                             \
                }                                                                                         \
                if (s >> x->ibits == high) {                                                              \
                    if ((int)(s & lowmask) <= idx) return 0;                                              \
                    PUT(t, at, k);                                                                        \
                    return 1;                                                                             \
                }                                                                                         \
            }                                                                                             \
            PUT(t, j, k); /* a full neighbourhood: forget one state */                                    \
            return 1;                                                                                     \
        }                                                                                                 \
        for (;;) {                                                                                        \
            T s = GET(t, j);                                                                              \
            if (!s) break;                                                                                \
            if (s >> x->ibits == high) {                                                                  \
                if ((int)(s & lowmask) <= idx) return 0;                                                  \
                PUT(t, j, k);                                                                             \
                return 1;                                                                                 \
            }                                                                                             \
            j = (j + 1) & x->mask;                                                                        \
        }                                                                                                 \
        PUT(t, j, k);                                                                                     \
        if (++x->used * 2 > x->mask + 1) {                                                                \
            if (x->mask + 1 >= x->cap || !NAME##_grow(x)) x->lossy = 1;                                   \
        }                                                                                                 \
        return 1;                                                                                         \
    }                                                                                                     \
    /* 1 if the position was reached before with as few stock cards turned (nothing is changed). */      \
    static inline int NAME##_seen(const Ctx *x, uint64_t key, int idx) {                                  \
        T high = (T)(key + 1);                                                                            \
        const void *t = x->table;                                                                         \
        T lowmask = (T)((1u << x->ibits) - 1);                                                            \
        uint64_t j = hash64(high) & x->mask;                                                              \
        for (int p = 0; !x->lossy || p < PROBES; p++) {                                                   \
            T s = GET(t, (j + (uint64_t)p) & x->mask);                                                    \
            if (!s) return 0;                                                                             \
            if (s >> x->ibits == high) return (int)(s & lowmask) <= idx;                                  \
        }                                                                                                 \
        return 0;                                                                                         \
    }                                                                                                     \
    /* Takes the position out of the set; the entries after it in its run move back (backward-shift      \
     * deletion) so that every other entry is still found. Past the memory cap, the slot is emptied.  */  \
    static void NAME##_erase(Ctx *x, uint64_t key) {                                                      \
        T high = (T)(key + 1);                                                                            \
        void *t = x->table;                                                                               \
        uint64_t m = x->mask, i = hash64(high) & m;                                                       \
        for (uint64_t p = 0;; p++, i = (i + 1) & m) {                                                     \
            T s = GET(t, i);                                                                              \
            if (!s || p > m || (x->lossy && p >= PROBES)) return;                                         \
            if (s >> x->ibits == high) break;                                                             \
        }                                                                                                 \
        if (!x->lossy) {                                                                                  \
            for (uint64_t j = (i + 1) & m; GET(t, j); j = (j + 1) & m) {                                  \
                T s = GET(t, j);                                                                          \
                uint64_t home = hash64(s >> x->ibits) & m;                                                \
                if (((j - home) & m) >= ((j - i) & m)) {                                                  \
                    PUT(t, i, s);                                                                         \
                    i = j;                                                                                \
                }                                                                                         \
            }                                                                                             \
            x->used--;                                                                                    \
        }                                                                                                 \
        PUT(t, i, 0);                                                                                     \
    }

DEFINE_TABLE(narrow, uint32_t, 4, GET_NARROW, PUT_NARROW)
DEFINE_TABLE(packed, uint64_t, 5, GET_PACKED, PUT_PACKED)
DEFINE_TABLE(wide, uint64_t, 8, GET_WIDE, PUT_WIDE)

/* A position is its column heights and top (``key``) and the stock cards turned (``idx``). Reaching the
 * same heights and top having turned fewer stock cards is at least as good: any line from the later
 * position is matched from the earlier one by turning the cards in between all at once (the stock may be
 * turned at any time), ending in the same position, or clearing with more stock in hand. So the set keeps,
 * per key, the fewest cards turned, and prunes a position reached with as many or more. When the stock
 * may be turned only when stuck, the index is part of the key instead (ibits 0, idx 0). */
static inline int table_insert(Ctx *x, uint64_t key, int idx) {
    return x->width == 4 ? narrow_insert(x, key, idx)
         : x->width == 5 ? packed_insert(x, key, idx)
                         : wide_insert(x, key, idx);
}

static inline int table_seen(const Ctx *x, uint64_t key, int idx) {
    return x->width == 4 ? narrow_seen(x, key, idx)
         : x->width == 5 ? packed_seen(x, key, idx)
                         : wide_seen(x, key, idx);
}

static void table_erase(Ctx *x, uint64_t key) {
    if (x->width == 4)
        narrow_erase(x, key);
    else if (x->width == 5)
        packed_erase(x, key);
    else
        wide_erase(x, key);
}

/* The positions being searched (frame_key) are left unfinished: taken out of the visited set. */
static void frames_forget(Ctx *x) {
    while (x->frames) table_erase(x, x->frame_key[--x->frames]);
}

/* An empty visited set of 2^16 slots (fewer under a smaller cap); 0 without memory. */
static int table_new(Ctx *x) {
    slots_free(x->table, x->mask + 1, x->width);
    x->mask = (1u << 16) - 1;
    if (x->mask + 1 > x->cap) x->mask = x->cap - 1;
    x->used = 0;
    x->lossy = 0;
    x->table = slots_new(x->mask + 1, x->width);
    return x->table != NULL;
}

/* Asks the memory for the slot where a position's lookup starts, ahead of it: a position's children are
 * asked for before its bound is worked out, so their cache misses overlap that work (and one another);
 * so are the heights-only entries (see heights_too) that turning reads and each play writes when done,
 * and the partner's slots where dfs looks each child up (strict+double deals 2, 4, 10, 16 and 19, with the
 * last walk's hint: 9.2 -> 8.4-8.7 s; the proof of T = -13 of deal 20: 4.0 -> 3.5 s; same positions).
 * Only in tables too big for the caches (small ones are there already). */
#define PREFETCH_FROM ((1u << 20) - 1)
static inline void table_prefetch(const Ctx *x, uint64_t key) {
    uint64_t j = hash64(key + 1) & x->mask;
    __builtin_prefetch((const char *)x->table + j * (uint64_t)x->width, 1, 3);
}

/* ---- the lower bound ------------------------------------------------------------------------- */

/* The greatest matching on the cycle of 26 nodes with capacities s: on a bipartite graph it is the least
 * weight of a cover of its edges (Konig), with the first node in it or, if not, both its neighbours. The
 * least covers of the paths s[1..25] (a) and s[2..24] (b) go node by node, with the last node in the
 * cover or out of it (in, out), side by side: two chains the processor runs together (wrap+double deals
 * 2-12: 33.5 -> 31.2 s against one path after the other). */
static inline int cycle_matching(const int *s) {
    int ain = s[2], aout = s[1], bin = s[2], bout = 0; /* capacities are never negative */
    for (int i = 3; i <= 24; i++) {
        int an = s[i] + (ain < aout ? ain : aout), bn = s[i] + (bin < bout ? bin : bout);
        aout = ain;
        ain = an;
        bout = bin;
        bin = bn;
    }
    int an = s[25] + (ain < aout ? ain : aout);
    aout = ain;
    ain = an;
    int with = s[0] + (ain < aout ? ain : aout), without = s[1] + s[25] + (bin < bout ? bin : bout);
    return with < without ? with : without;
}

/* One rank r further along the two paths of the ladder's matching, R1 L2 R3 .. and L1 R2 L3 .. (l, c: its
 * predecessors and cards; ra, rb: what each path's last node has left), side by side: the flow to *flow. */
static inline void ladder_step(int r, int l, int c, int *ra, int *rb, int *flow) {
    int ca = (r & 1) ? c : l, cb = (r & 1) ? l : c;
    int a = *ra < ca ? *ra : ca, b = *rb < cb ? *rb : cb;
    *flow += a + b;
    *ra = ca - a;
    *rb = cb - b;
}

/* Rank r's predecessors: its cards, the starts there and the top (none for a King where nothing may go
 * onto one). */
static inline int preds(const int *cnt, const int *starts, int top, int r, int kings) {
    return r == 13 && !kings ? 0 : cnt[r] + starts[r] + (top == r);
}

/* Cards that cannot all be played with the predecessors available: the tableau, the top and the stock
 * cards idx .. idx+u-1. A lower bound on the cards left (0: clearing is not ruled out). The capacities are
 * read in place: built into arrays of predecessors and cards first, the compiler loaded them in vectors
 * and took the lanes out one by one, a third of the strict matching's time (strict+double deals 19, 49,
 * 71, 74, 86, 102, 115 and 121: 8.65-9.17 -> 8.14-8.50 s, the same positions; wrap the same).
 * deficit_less: the same with one card of rank q (-1: none) matched already, which stays a predecessor. */
static inline int deficit_less(const Ctx *x, const int *cnt, const int *starts, int top, int q) {
    int kings = x->flags & F_KINGS_PRED, n0 = cnt[1] - (q == 1), m0;
    if (x->flags & F_WRAP) {
        /* R1 L2 R3 .. R13 L1 R2 .. L13, closed by the edge L13-R1 */
        int seq[26];
        seq[0] = n0;
        seq[13] = preds(cnt, starts, top, 1, kings);
        for (int r = 2; r <= 13; r++) {
            int c = cnt[r] - (r == q), l = preds(cnt, starts, top, r, kings);
            seq[r - 1] = (r & 1) ? c : l;
            seq[r + 12] = (r & 1) ? l : c;
            n0 += c;
        }
        m0 = cycle_matching(seq);
    } else { /* the two paths R1 L2 R3 .. and L1 R2 L3 .., side by side */
        int ra = n0, rb = preds(cnt, starts, top, 1, kings);
        m0 = 0;
        for (int r = 2; r <= 13; r++) {
            int c = cnt[r] - (r == q);
            ladder_step(r, preds(cnt, starts, top, r, kings), c, &ra, &rb, &m0);
            n0 += c;
        }
    }
    int d = n0 - m0 - (starts[0] + (top == 0 || top == NOTOP) + cnt[0]);
    return d > 0 ? d : 0;
}

static int deficit(const Ctx *x, const int *cnt, const int *starts, int top) {
    return deficit_less(x, cnt, starts, top, -1);
}

/* deficit with the starts as the walks can take them, and in *ok (unless NULL) the ranks they would take
 * (see bound_plain). The walk under way plays next a card on top of a column now, or none: the top serves only
 * such a card. Where no such card is of a rank it takes, it serves none, and then the walk of the stock card
 * turned next begins from the columns as they are, so that card is taken alike, and so on. The first that
 * serves a card of one of its two ranks alone is matched with one of them (a predecessor that can serve
 * only one node is matched with it in some greatest matching); the card stays a predecessor. In the bound
 * and in due (eighteenth session): strict+double deals 1-200, 640.4M -> 588.0M positions; wrap+double
 * 645.4M -> 621.8M; strict deals 1-1000 37.3M -> 33.2M (see docs/solver.md). */
static int walk_deficit(const Ctx *x, int idx, int u, const int *starts, int top, unsigned *ok) {
    unsigned exposed = x->exposed, want = 0, serve = 0;
    int as_is = 1; /* the top may serve as the matching has it */
    if (top != 0 && top != NOTOP && !x->cnt[0]) { /* a Joker or an empty foundation takes anything */
        want = x->onto[top] & ~1u;
        serve = want & exposed;
        as_is = serve && serve == want;
    }
    if (as_is) {
        if (ok) {
            unsigned take = x->onto[top];
            for (int r = 0; r < NRANK; r++)
                if (starts[r]) take |= x->onto[r];
            *ok = take;
        }
        return deficit(x, x->cnt, starts, top);
    }
    int st[NRANK];
    const int *real = starts; /* the starts, less the stock cards taken alike */
    for (int j = idx; !serve && j < idx + u; j++) { /* the top serves none: the stock cards after it */
        int r = x->stock[j];
        want = x->onto[r] & ~1u;
        serve = want & exposed;
        if (!r || (serve && serve == want)) { /* a Joker, or it may serve as the matching has it */
            serve = 0;
            break;
        }
        if (real == starts) {
            memcpy(st, starts, sizeof st);
            real = st;
        }
        st[r]--;
    }
    if (ok) {
        unsigned take = serve;
        for (int r = 0; r < NRANK; r++)
            if (real[r]) take |= x->onto[r];
        *ok = take;
    }
    if (!serve) return deficit(x, x->cnt, real, -1);
    return deficit_less(x, x->cnt, real, -1, __builtin_ctz(serve)); /* the card it serves matched already */
}

/* Cards on one cut of the ladder: the forced ways in (see blocked). The line of ranks line[0 .. n-1] and
 * the ways in its cards before (lo[t]) and after (hi[t]) position t need besides the starts there; the
 * predecessors (cards, starts and the top) and the cards by rank (pred, cards), n0 cards in all; past the
 * line's ends, the rank z (0: none) takes the card at position 0 exactly y times and the one at n - 1 y2
 * times. 1 if the arcs need more ways in than the pairs can give, or the matching with those pairs forced
 * leaves a card of the tableau unmatched. */
static int ways_in(const Ctx *x, const int *pred, const int *cards, int n0, const int *line, int n,
                   const int *lo, const int *hi, int z, int y, int y2) {
    int L[NRANK], R[NRANK], m = y + y2;
    memcpy(L, pred, sizeof L);
    memcpy(R, cards, sizeof R);
    if (z) {
        int a = line[0], b = line[n - 1];
        if (L[z] < y + y2 || R[a] < y || R[b] < y2) return 1;
        L[z] -= y + y2;
        R[a] -= y;
        R[b] -= y2;
    }
    for (int t = 0; t < n; t++) {
        int f = lo[t] - y; /* position t takes t - 1 at least f times */
        if (f > 0) {
            int a = line[t], b = line[t - 1];
            if (L[a] < f || R[b] < f) return 1;
            L[a] -= f;
            R[b] -= f;
            m += f;
        }
        f = hi[t] - y2; /* position t takes t + 1 at least f times */
        if (f > 0) {
            int a = line[t], b = line[t + 1];
            if (L[a] < f || R[b] < f) return 1;
            L[a] -= f;
            R[b] -= f;
            m += f;
        }
    }
    if (!m) return 0; /* nothing forced: the plain matching, which bound found enough (deficit 0) */
    if (x->flags & F_WRAP) { /* every card left unforced needs one of its rank's two neighbours (Hall) */
        int lacking = R[1] > L[13] + L[2] || R[13] > L[12] + L[1];
        for (int r = 2; r <= 12; r++) lacking |= R[r] > L[r - 1] + L[r + 1];
        if (lacking) return 1;
    }
    int matched = 0;
    if (x->flags & F_WRAP) {
        int seq[26]; /* as in deficit: R1 L2 R3 .. R13, then L1 R2 L3 .. L13 */
        for (int r = 1; r <= 13; r++) {
            seq[r - 1] = (r & 1) ? R[r] : L[r];
            seq[r + 12] = (r & 1) ? L[r] : R[r];
        }
        matched = cycle_matching(seq);
    } else { /* the ladder's two paths side by side, as in deficit */
        int ra = R[1], rb = L[1];
        for (int r = 2; r <= 13; r++) ladder_step(r, L[r], R[r], &ra, &rb, &matched);
    }
    return n0 > m + matched;
}

#ifdef __SSE2__
/* ways_in for the splits (y, y2) of a cut of the wrap circle side by side, one in each of eight 16-bit
 * lanes (cards never number more than a few hundred): the same answers, without a branch per split; pred
 * and cards come in every lane. The lanes where the split is blocked, two bits each (as _mm_movemask_epi8
 * gives them). */
static int ways_in_lanes(const __m128i *pred, const __m128i *cards, int n0, const int *line, int n, const short *lo,
                         const short *hi, unsigned lo_on, unsigned hi_on, int z, __m128i y, __m128i y2) {
    __m128i L[NRANK + 1], R[NRANK], zero = _mm_setzero_si128();
    for (int r = 1; r < NRANK; r++) {
        L[r] = pred[r];
        R[r] = cards[r];
    }
    __m128i m = _mm_add_epi16(y, y2);
    L[z] = _mm_sub_epi16(L[z], m);
    R[line[0]] = _mm_sub_epi16(R[line[0]], y);
    R[line[n - 1]] = _mm_sub_epi16(R[line[n - 1]], y2);
    /* the pairs forced, at the positions where lo / hi is above 0 (a count below 0 fails the lane) */
    for (; lo_on; lo_on &= lo_on - 1) {
        int t = __builtin_ctz(lo_on);
        __m128i f = _mm_max_epi16(_mm_sub_epi16(_mm_set1_epi16(lo[t]), y), zero);
        L[line[t]] = _mm_sub_epi16(L[line[t]], f);
        R[line[t - 1]] = _mm_sub_epi16(R[line[t - 1]], f);
        m = _mm_add_epi16(m, f);
    }
    for (; hi_on; hi_on &= hi_on - 1) {
        int t = __builtin_ctz(hi_on);
        __m128i f = _mm_max_epi16(_mm_sub_epi16(_mm_set1_epi16(hi[t]), y2), zero);
        L[line[t]] = _mm_sub_epi16(L[line[t]], f);
        R[line[t + 1]] = _mm_sub_epi16(R[line[t + 1]], f);
        m = _mm_add_epi16(m, f);
    }
    __m128i low = zero, lacking = zero;
    L[0] = L[13]; /* the circle's neighbours: rank 1 has 13 and 2 */
    L[14] = L[1];
    for (int r = 1; r <= 13; r++) {
        low = _mm_min_epi16(low, _mm_min_epi16(L[r], R[r]));
        lacking = _mm_or_si128(lacking, _mm_cmpgt_epi16(R[r], _mm_add_epi16(L[r - 1], L[r + 1])));
    }
    /* cycle_matching on R1 L2 R3 .. R13, then L1 R2 L3 .. L13 */
#define SEQ(i) ((i) < 13 ? (((i) & 1) ? L[(i) + 1] : R[(i) + 1]) : (((i) & 1) ? L[(i) - 12] : R[(i) - 12]))
    /* nodes 3 .. 13 from the two starts, and nodes 14 .. 24 from "in" (pi, po) and from "out" (qi, qo)
     * alone, side by side: four chains of 11 steps instead of two of 22, joined after */
    const __m128i far = _mm_set1_epi16(8000); /* no cover: far above any real weight */
    __m128i ain = SEQ(2), aout = SEQ(1), bin = SEQ(2), bout = zero;
    __m128i pi = zero, po = far, qi = far, qo = zero;
    for (int i = 3; i <= 13; i++) {
        __m128i s = SEQ(i), an = _mm_add_epi16(s, _mm_min_epi16(ain, aout));
        __m128i bn = _mm_add_epi16(s, _mm_min_epi16(bin, bout));
        __m128i t = SEQ(i + 11), pn = _mm_add_epi16(t, _mm_min_epi16(pi, po));
        __m128i qn = _mm_add_epi16(t, _mm_min_epi16(qi, qo));
        aout = ain;
        ain = an;
        bout = bin;
        bin = bn;
        po = pi;
        pi = pn;
        qo = qi;
        qi = qn;
    }
    { /* in = min(pi + in, qi + out), out = min(po + in, qo + out) */
        __m128i an = _mm_min_epi16(_mm_add_epi16(pi, ain), _mm_add_epi16(qi, aout));
        __m128i ao = _mm_min_epi16(_mm_add_epi16(po, ain), _mm_add_epi16(qo, aout));
        __m128i bn = _mm_min_epi16(_mm_add_epi16(pi, bin), _mm_add_epi16(qi, bout));
        __m128i bo = _mm_min_epi16(_mm_add_epi16(po, bin), _mm_add_epi16(qo, bout));
        ain = an;
        aout = ao;
        bin = bn;
        bout = bo;
    }
    __m128i an = _mm_add_epi16(SEQ(25), _mm_min_epi16(ain, aout));
    __m128i with = _mm_add_epi16(SEQ(0), _mm_min_epi16(an, ain));
    __m128i without = _mm_add_epi16(_mm_add_epi16(SEQ(1), SEQ(25)), _mm_min_epi16(bin, bout));
#undef SEQ
    __m128i matched = _mm_min_epi16(with, without);
    __m128i unmatched = _mm_cmpgt_epi16(_mm_set1_epi16((short)n0), _mm_add_epi16(m, matched));
    __m128i short_ = _mm_or_si128(lacking, unmatched);
    __m128i forced = _mm_xor_si128(_mm_cmpeq_epi16(m, zero), _mm_set1_epi16(-1));
    __m128i out = _mm_or_si128(_mm_cmplt_epi16(low, zero), _mm_and_si128(forced, short_));
    return _mm_movemask_epi8(out);
}
#endif

/* The ways in the cards before and after each position of a line need besides its starts (see ways_in),
 * from the most runs in one column (low, high) and the starts by rank (sc). */
static inline void ways_needed(const int *line, int n, const unsigned char *low, const unsigned char *high,
                               const int *sc, int *lo, int *hi) {
    int all = 0, under = 0;
    for (int i = 0; i < n; i++) all += sc[line[i]];
    for (int t = 0; t < n; t++) {
        lo[t] = low[t] - under;
        under += sc[line[t]];
        hi[t] = high[t] - (all - under);
    }
}

/* The table of runs on the line of ranks cut at z (see Ctx.line_runs), and its entry for column c. */
static inline size_t runs_column(const Ctx *x) { return (size_t)(x->hmax + 1) * 32; }
static inline unsigned char *runs_table(const Ctx *x, int z, int c) {
    return x->line_runs + ((size_t)z * (size_t)x->ncols + (size_t)c) * runs_column(x);
}

/* The most runs in one column of the cards before / after position t of the line of ranks cut at z, from
 * its table by column and height (32 bytes an entry: 16 before, 16 after). */
static inline void most_runs(const Ctx *x, int z, unsigned char *low, unsigned char *high) {
    const unsigned char *table = runs_table(x, z, 0);
    size_t stride = runs_column(x);
#ifdef __SSE2__
    __m128i lv = _mm_setzero_si128(), hv = _mm_setzero_si128();
    for (int c = 0; c < x->ncols; c++) {
        const unsigned char *e = table + (size_t)c * stride + (size_t)x->height[c] * 32;
        lv = _mm_max_epu8(lv, _mm_loadu_si128((const __m128i *)e));
        hv = _mm_max_epu8(hv, _mm_loadu_si128((const __m128i *)(e + 16)));
    }
    _mm_storeu_si128((__m128i *)low, lv);
    _mm_storeu_si128((__m128i *)high, hv);
#else
    memset(low, 0, 16);
    memset(high, 0, 16);
    for (int c = 0; c < x->ncols; c++) {
        const unsigned char *e = table + (size_t)c * stride + (size_t)x->height[c] * 32;
        for (int t = 0; t < 16; t++) {
            if (e[t] > low[t]) low[t] = e[t];
            if (e[16 + t] > high[t]) high[t] = e[16 + t];
        }
    }
#endif
}

/* The ranks twice round (the k-th is k % 13 + 1): the circle cut at z is the line ranks_twice + z, from
 * z + 1 round to z - 1, and ranks_twice itself the ladder Ace to King. */
static const int ranks_twice[26] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
                                    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};
/* The splits (y, y2) of a cut's ways in (see blocked), in the order that most often finds one allowed
 * soonest (wrap+double deal 72); circle_blocked's lanes take them in this order too. */
static const signed char arc_split[6][2] = {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {0, 2}, {2, 0}};
#ifdef __SSE2__
static inline __m128i shorts(const short *a, int k) { return _mm_loadu_si128((const __m128i *)(a + k)); }
/* The positions t (bit t) of the sixteen in a, b where a[t] (b[t - 8]) is above v. */
static inline unsigned above(__m128i a, __m128i b, __m128i v) {
    return (unsigned)_mm_movemask_epi8(_mm_packs_epi16(_mm_cmpgt_epi16(a, v), _mm_cmpgt_epi16(b, v)));
}
/* blocked's cuts of the wrap circle, eight positions of a line at a time: the starts before each position
 * come from their sums along the ranks twice round (P), and the splits go side by side (ways_in_lanes). */
static int circle_blocked(const Ctx *x, const int *pred, const int *cards, const int *sc, int n0, int most) {
    /* once a cut needs them: P[k], the starts of the ranks 1, 2, .. 13, 1, 2, .. before the k-th, and pred
     * and cards in every lane */
    short P[32];
    __m128i L[NRANK], R[NRANK];
    int ready = 0;
    const __m128i zero = _mm_setzero_si128(), one = _mm_set1_epi16(1);
    const __m128i first4 = _mm_setr_epi16(-1, -1, -1, -1, 0, 0, 0, 0);
    short lane_y[8] = {0}, lane_y2[8] = {0}; /* arc_split by lane (lanes 6 and 7 unused) */
    for (int i = 0; i < 6; i++) {
        lane_y[i] = arc_split[i][0];
        lane_y2[i] = arc_split[i][1];
    }
    const __m128i ys = shorts(lane_y, 0), y2s = shorts(lane_y2, 0);
    for (int z = 1; z <= 13; z++) {
        int slack = pred[z];
        if (slack > most) continue;
        if (!ready) {
            P[0] = 0;
            for (int k = 0; k < 13; k++) P[k + 1] = (short)(P[k] + sc[k + 1]);
            for (int k = 13; k < 26; k++) P[k + 1] = (short)(P[k] + sc[k - 12]);
            memset(P + 27, 0, 5 * sizeof *P);
            for (int r = 1; r < NRANK; r++) {
                L[r] = _mm_set1_epi16((short)pred[r]);
                R[r] = _mm_set1_epi16((short)cards[r]);
            }
            ready = 1;
        }
        unsigned char low[16], high[16];
        most_runs(x, z, low, high);
        /* lo[t] = low[t] - (starts before t) and hi[t] = high[t] - (starts after t), position t being the
         * k = z + t-th rank; 0 at t = 0 (lo) and t = 11 (hi), and at t = 12 .. 15 (off the line) */
        __m128i l8 = _mm_loadu_si128((const __m128i *)low), h8 = _mm_loadu_si128((const __m128i *)high);
        __m128i pz = _mm_set1_epi16(P[z]), pe = _mm_set1_epi16(P[z + 12]);
        __m128i lo0 = _mm_add_epi16(_mm_sub_epi16(_mm_unpacklo_epi8(l8, zero), shorts(P, z)), pz);
        __m128i lo1 = _mm_add_epi16(_mm_sub_epi16(_mm_unpackhi_epi8(l8, zero), shorts(P, z + 8)), pz);
        __m128i hi0 = _mm_sub_epi16(_mm_add_epi16(_mm_unpacklo_epi8(h8, zero), shorts(P, z + 1)), pe);
        __m128i hi1 = _mm_sub_epi16(_mm_add_epi16(_mm_unpackhi_epi8(h8, zero), shorts(P, z + 9)), pe);
        lo1 = _mm_and_si128(lo1, first4);
        hi1 = _mm_and_si128(hi1, first4);
        unsigned lo_on = above(lo0, lo1, zero), hi_on = above(hi0, hi1, zero);
        if (!lo_on && !hi_on) continue; /* nothing forced */
        /* z taking more than the arcs on a side need is never better */
        int ya = !lo_on ? 0 : above(lo0, lo1, one) ? 2 : 1, yb = !hi_on ? 0 : above(hi0, hi1, one) ? 2 : 1;
        int allowed = 0;
        for (int i = 0; i < 6; i++) {
            int y = arc_split[i][0], y2 = arc_split[i][1];
            if (y + y2 <= slack && y <= ya && y2 <= yb) allowed |= 3 << (2 * i);
        }
        short lo[16], hi[16];
        _mm_storeu_si128((__m128i *)lo, lo0);
        _mm_storeu_si128((__m128i *)(lo + 8), lo1);
        _mm_storeu_si128((__m128i *)hi, hi0);
        _mm_storeu_si128((__m128i *)(hi + 8), hi1);
        int out = ways_in_lanes(L, R, n0, ranks_twice + z, 12, lo, hi, lo_on, hi_on, z, ys, y2s);
        if ((out & allowed) == allowed) return 1;
    }
    return 0;
}
#endif

/* 1 if the tableau cannot be cleared because the foundation cannot come into parts of the rank ladder often
 * enough. Cut the ladder at a rank z: a line of ranks, Ace to King (z none), or with wrapping, the circle
 * from z + 1 round to z - 1. Take the cards before position t on it: in a column they lie in separate runs
 * (other cards between them), and between two runs the foundation leaves them, so each run needs its own
 * way in: a start before t (the top, a stock card in the window), a card or start of rank z taking the
 * card at position 0, or a card at t taking one at t - 1. So with z taking position 0's card y times,
 * the pair (t, t - 1) is matched at least (runs in the column with most) - (starts before t) - y times;
 * likewise after t with the pair (t, t + 1), z taking the last position's card y2 times. Each card or
 * start of rank z takes one card at most: for each y and y2 that allows, the matching with all those pairs
 * forced is redone, and if none leaves every card of the tableau matched, the tableau cannot be cleared.
 * (The plain matching lets such cards serve each other in a cycle that the foundation never enters.) With
 * wrapping the circle is cut at every rank with no card and no start, and on two decks also at every rank
 * with at most ARC_SLACK (fifteenth session; before, only at the first rank with none: see docs/solver.md). With
 * SSE2 the splits of a cut (arc_split) are tried all at once (circle_blocked; sixteenth session: -15 %
 * time on wrap+double), else one by one. */
#define ARC_SLACK 2
#if ARC_SLACK > 2
#error "arc_split goes up to ARC_SLACK 2"
#endif
static int blocked(const Ctx *x, const int *cnt, const int *starts, int top) {
    if (starts[0] || cnt[0] || top == 0 || top == NOTOP) return 0;
    int pred[NRANK] = {0}, cards[NRANK] = {0}, sc[NRANK] = {0}, lo[13], hi[13], n0 = 0;
    for (int r = 1; r < NRANK; r++) {
        sc[r] = starts[r] + (top == r);
        pred[r] = cnt[r] + sc[r];
        cards[r] = cnt[r];
        n0 += cnt[r];
    }
    if (!(x->flags & F_KINGS_PRED)) pred[13] = sc[13] = 0; /* nothing goes onto a King */
    unsigned char low[16], high[16];
    if (!(x->flags & F_WRAP)) {
        const int *line = ranks_twice; /* Ace to King */
        most_runs(x, 0, low, high);
        ways_needed(line, 13, low, high, sc, lo, hi);
        return ways_in(x, pred, cards, n0, line, 13, lo, hi, 0, 0, 0);
    }
    int most = x->flags & F_LASTWALK ? ARC_SLACK : 0;
#ifdef __SSE2__
    return circle_blocked(x, pred, cards, sc, n0, most);
#else
    for (int z = 1; z <= 13; z++) {
        int slack = pred[z];
        if (slack > most) continue;
        const int *line = ranks_twice + z;
        most_runs(x, z, low, high);
        ways_needed(line, 12, low, high, sc, lo, hi);
        int ya = 0, yb = 0; /* z taking more than the arcs on a side need is never better */
        for (int t = 0; t < 12; t++) {
            if (lo[t] > ya) ya = lo[t];
            if (hi[t] > yb) yb = hi[t];
        }
        if (!ya && !yb) continue; /* nothing forced */
        int out = 1;
        for (int i = 0; i < 6 && out; i++) {
            int y = arc_split[i][0], y2 = arc_split[i][1];
            if (y + y2 <= slack && y <= ya && y2 <= yb) out = ways_in(x, pred, cards, n0, line, 12, lo, hi, z, y, y2);
        }
        if (out) return 1;
    }
    return 0;
#endif
}

/* The starts the stock cards idx .. idx+u-1 give, by rank. */
static inline void window(const Ctx *x, int idx, int u, int *starts) {
    const int *a = x->pre + idx * NRANK, *b = x->pre + (idx + u) * NRANK;
    for (int r = 0; r < NRANK; r++) starts[r] = b[r] - a[r];
}

/* The ranks in the tableau, as bits. */
static inline unsigned tableau_ranks(const Ctx *x) {
    unsigned ranks = 0;
    for (int r = 0; r < NRANK; r++)
        if (x->cnt[r]) ranks |= 1u << r;
    return ranks;
}

/* The ranks on top of the columns, for walk_deficit: once for each position bounded. */
static inline void expose(Ctx *x) {
    unsigned e = 0;
    for (int c = 0; c < x->ncols; c++)
        if (x->height[c]) e |= 1u << x->cards[c][x->height[c] - 1];
    x->exposed = e;
}

/* A lower bound on the cards left when only the stock cards idx .. idx+u-1 may be turned (0: clearing
 * is not ruled out). The cheap matching first; if it does not reach ``enough``, find the cards that can
 * never be played at all: a card is playable only once every card above it in its column is, and some
 * card of a rank it may go onto is playable (or is the top, or a stock card in the window). Those cards
 * stay, and the matching is redone on the others; with ``enough`` 1 the cards that stay are enough, and
 * the matching is not redone. The cheap matching's deficit goes to *plain (see due). It reads x->exposed,
 * which must be the position's: hopeless and the lower bound set it (expose) before any bound. */
static int bound_plain(const Ctx *x, int idx, int u, int top, int enough, int *plain) {
    int starts[NRANK];
    unsigned ok; /* the ranks that some playable card or start would take */
    window(x, idx, u, starts);
    int d = walk_deficit(x, idx, u, starts, top, &ok);
    *plain = d;
    if (d >= enough) return d;
    unsigned ranks = tableau_ranks(x); /* if the start alone serves them all, all are playable */
    if (!(ranks & ~ok)) return d || x->no_ways ? d : blocked(x, x->cnt, starts, top);
    int rest[MAXC], stuck = 0; /* rest[c]: the cards of column c not (yet) known to be playable */
    unsigned pending = 0;
    for (int c = 0; c < x->ncols; c++) {
        rest[c] = x->height[c];
        if (rest[c]) pending |= 1u << c;
    }
    for (int changed = 1; changed && pending;) {
        changed = 0;
        for (unsigned p = pending; p; p &= p - 1) {
            int c = __builtin_ctz(p), h = rest[c];
            if (!(x->below[c][h] & ~ok)) { /* every rank left in the column is served: all of it */
                ok |= x->below_onto[c][h];
                h = 0;
            } else {
                while (h && (ok >> x->cards[c][h - 1] & 1)) {
                    ok |= x->onto[x->cards[c][h - 1]];
                    h--;
                }
            }
            if (h != rest[c]) {
                rest[c] = h;
                changed = 1;
                if (!h) pending &= ~(1u << c);
            }
        }
    }
    if (!pending) return d || x->no_ways ? d : blocked(x, x->cnt, starts, top);
    for (int c = 0; c < x->ncols; c++) stuck += rest[c];
    if (enough == 1) return stuck; /* ruled out: by how much does not matter */
    int cnt[NRANK];
    memcpy(cnt, x->cnt, sizeof cnt);
    for (int c = 0; c < x->ncols; c++)
        for (int i = 0; i < rest[c]; i++) cnt[x->cards[c][i]]--;
    return stuck + deficit(x, cnt, starts, top);
}

static inline int bound(const Ctx *x, int idx, int u, int top, int enough) { /* the same, the bound alone */
    int plain;
    return bound_plain(x, idx, u, top, enough, &plain);
}

/* ---- the last walk ---------------------------------------------------------------------------- */
/* Clearing with the stock cards idx .. idx+u-1 turned at most: the tableau is cleared on some k-th turn,
 * k <= u, by the walk from that stock card, the last: it clears every card left when it is turned,
 * bottoms of the columns, which it takes in one +-1 walk, each card exposed when played. The cards above
 * them are cleared by the walks before, from the top and the first k - 1 stock cards, so the matching
 * must allow that too. Where the bound rules out clearing with j turns at most, the walks of turns j + 1
 * .. u must all fail; they are tried together, in one search (their nodes are the same), for j down to
 * u - WALK_LEVELS (only k = u, with the plain matching for j = u - 1, until the seventh session of
 * 2026-11-23: strict+double deal 24, 50.8M -> 0.73M positions; see last_walk_out). The walks' cards are
 * tried backwards, as a walk taking columns from the bottom up (the last card played is a column's bottom
 * card), each node (cards taken, last rank) once; where the card taken could go onto a walk's start, the
 * rest is matched with the starts before it.
 * Past LAST_WALK_NODES nodes clearing is not ruled out. On two-deck strict proofs the bound often allows
 * clearing thanks to the last start alone: strict+double deal 6, cut at 100M positions -> 0.68M; deals
 * 1-20, 291.9M -> 165.4M positions. With wrapping too since the thirteenth session (wrap+double deals
 * 2-23 and 26-70, 397.8M + 200.0M -> 216.0M + 161.5M positions, 129.6 + 65.1 -> 93.2 + 60.0 s; deals
 * 1-200 at 100M, 1,941M -> 1,462M positions and 663.7 -> 589.2 s, 195 -> 196 proven; the first measure,
 * before the fringe search and the walks' hints, was 9 % of the positions for 18 % more time), where a
 * run stops them once they prove too dear (see walks_dear). Not with a Joker in the tableau, where the
 * walks go anywhere (strict+jokers=2 deals 1-200: 2.6 -> 3.9 s), nor on one deck (F_LASTWALK: the
 * winnable-only courses took 9 % longer with it).
 * Where the bound does not even rule out clearing with no turn at all, the walk under way, from the top,
 * is the last walk of turn 0: it must take every card (fourteenth session; before, the last walks were
 * not tried there, nor with no turn left, where the matching lets the cards serve each other in cycles
 * the foundation never enters: wrap+double deals 1-200 taking under 6 s, 667.4M -> 570.3M positions,
 * 239.7 -> 222.1 s, 101 -> 107 within 1 s; strict+double deals 1-200 alike, the same positions). */
#define LAST_WALK_NODES 4096
#define WALK_TRIAL 1024 /* the last walks searched before a run may find them too dear (see walks_dear) */
#define WALK_DEAR 512   /* ... when they have taken more nodes than this each, on average */
#define WALK_LEVELS 8 /* the last walks from this many stock cards tried in one bound (see last_walk_out) */
/* A walk searched backwards (the last walk, and the second walk below): the cards it has taken, the
 * deepest first, and what they leave. */
typedef struct {
    int cnt[NRANK]; /* the cards above the walk's */
    int lo[MAXC];   /* the walk's cards in column c: up to its lo[c] deepest */
    int taken, left, nodes;
    uint64_t key; /* the walk's cards, weighted as in a position's key */
    /* the columns by the rank of their next card up (bit c of next[q]), and those with one at all */
    unsigned next[NRANK], open;
} Walk;

/* Index the columns by their next card up, above the walk's lo[]. */
static void walk_index(const Ctx *x, Walk *w) {
    memset(w->next, 0, sizeof w->next);
    w->open = 0;
    for (int c = 0; c < x->ncols; c++)
        if (w->lo[c] < x->height[c]) {
            w->next[x->cards[c][w->lo[c]]] |= 1u << c;
            w->open |= 1u << c;
        }
}

/* A node of a walk search: the walk w, whose card taken last (played first) has rank r. */
typedef int (*WalkNode)(Ctx *x, Walk *w, int r, int top);

/* The walk's steps back from a node: each column's next card up that rank r goes onto (r < 0: any, for
 * the walk's last card), taken and searched on by node; 1 as soon as one finds a walk. Inlined into each
 * search with its node known, so the calls are direct. */
static inline int walk_back(Ctx *x, Walk *w, int r, int top, WalkNode node) {
    unsigned cols = 0;
    if (r < 0)
        cols = w->open;
    else /* the columns whose next card r goes onto in the walk */
        for (unsigned m = x->under[r]; m; m &= m - 1) cols |= w->next[__builtin_ctz(m)];
    for (; cols; cols &= cols - 1) {
        int c = __builtin_ctz(cols), i = w->lo[c], q = x->cards[c][i];
        unsigned bit = 1u << c;
        w->next[q] &= ~bit;
        if (i + 1 < x->height[c])
            w->next[x->cards[c][i + 1]] |= bit;
        else
            w->open &= ~bit;
        w->lo[c]++;
        w->cnt[q]--;
        w->taken++;
        w->key += x->wcol[c];
        int found = node(x, w, q, top);
        w->key -= x->wcol[c];
        w->lo[c]--;
        w->cnt[q]++;
        w->taken--;
        if (i + 1 < x->height[c])
            w->next[x->cards[c][i + 1]] &= ~bit;
        else
            w->open |= bit;
        w->next[q] |= bit;
        if (found) return 1;
    }
    return 0;
}

/* 1 if the node key was not tried yet in this search (and now it is). */
static int walk_set_new(WalkSet *s, uint64_t key) {
    uint64_t j = hash64(key) & (WALK_SLOTS - 1);
    while (s->stamp[j] == s->gen) {
        if (s->key[j] == key) return 0;
        j = (j + 1) & (WALK_SLOTS - 1);
    }
    s->stamp[j] = s->gen;
    s->key[j] = key;
    return 1;
}

/* 1 if the key is in the set (tried, or reached). */
static int walk_set_has(const WalkSet *s, uint64_t key) {
    uint64_t j = hash64(key) & (WALK_SLOTS - 1);
    while (s->stamp[j] == s->gen) {
        if (s->key[j] == key) return 1;
        j = (j + 1) & (WALK_SLOTS - 1);
    }
    return 0;
}

/* Empty the set for a new search: a fresh stamp (once in 2^32 searches, the stamps are wiped). */
static void walk_set_fresh(WalkSet *s) {
    if (++s->gen == 0) {
        memset(s->stamp, 0, sizeof s->stamp);
        s->gen = 1;
    }
}

typedef struct {
    Walk walk;
    /* the walks tried are the k-th turn's for k from klo: bit k - klo of kmask[r] if rank r goes onto
     * that stock card (of rank ksu), with the starts before it in kstarts; those up to u must all fail,
     * and kmin is the first k past u found to clear */
    int klo, u, kmin, idx;
    unsigned kmask[NRANK];
    int ksu[WALK_LEVELS], kstarts[WALK_LEVELS][NRANK];
} LastWalk;

/* ---- the walks known ------------------------------------------------------------------------------ */
/* The nodes of the walks from a base (each column's cards up to base[c] taken: none for the last walks)
 * up, within heights h: the i-th takes column c's cards up to lo[i][c], the last of rank r[i]; n of them
 * (-1: more than cap, -2: none found yet). See walks_known and second_known. */
typedef struct Known {
    unsigned char base[16], h[16];
    int n, cap;
    unsigned char (*lo)[16], *r;
} Known;

/* cap nodes each, n of them; NULL without memory. */
static Known *known_alloc(int n, int cap) {
    Known *k = calloc((size_t)n, sizeof *k);
    unsigned char *lo = malloc((size_t)n * (size_t)cap * 17);
    if (!k || !lo) {
        free(k);
        free(lo);
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        k[i].n = -2;
        k[i].cap = cap;
        k[i].lo = (unsigned char(*)[16])(lo + (size_t)i * (size_t)cap * 17);
        k[i].r = lo + (size_t)i * (size_t)cap * 17 + (size_t)cap * 16;
    }
    return k;
}

static void known_free(Known *k) {
    if (k) free(k[0].lo);
    free(k);
}

/* Record the node of w (its last card of rank r) and those above it (see known_find). */
static int known_fill(Ctx *x, Walk *w, int r, int top) {
    Known *k = x->filling;
    if (!walk_set_new(x->filling_set, w->key + (uint64_t)r)) return 0;
    if (k->n >= k->cap) {
        k->n = -1; /* too many: not kept */
        return 1;
    }
    memset(k->lo[k->n], 0, 16);
    for (int c = 0; c < x->ncols; c++) k->lo[k->n][c] = (unsigned char)w->lo[c];
    k->r[k->n++] = (unsigned char)r;
    return walk_back(x, w, r, top, known_fill);
}

/* Find into k the nodes of the walks from base (NULL: the bottoms) within the heights of the position's
 * parent (its own if it was not reached by a play), each node once by the node set s. */
static void known_find(Ctx *x, Known *k, const int *base, WalkSet *s, int top) {
    Walk w;
    int keep[MAXC], c = x->known_parent;
    memcpy(keep, x->height, sizeof keep);
    if (c >= 0 && x->height[c] < x->full[c]) x->height[c]++;
    memset(k->base, 0, 16);
    memset(k->h, 0, 16);
    memset(&w, 0, sizeof w);
    for (int i = 0; i < x->ncols; i++) {
        k->h[i] = (unsigned char)x->height[i];
        k->base[i] = (unsigned char)(base ? base[i] : 0);
        w.lo[i] = k->base[i];
    }
    k->n = 0;
    walk_index(x, &w);
    walk_set_fresh(s);
    x->filling = k;
    x->filling_set = s;
    walk_back(x, &w, -1, top, known_fill);
    memcpy(x->height, keep, sizeof keep);
}

/* The nodes of k within heights h; k is found again first if h is not within its heights or base is not
 * its base (NULL: the bottoms). -1 if they are too many to keep. */
static int known_within(Ctx *x, Known *k, const int *base, WalkSet *s, int top, const unsigned char *h) {
    unsigned char b[16] = {0};
    for (int c = 0; base && c < x->ncols; c++) b[c] = (unsigned char)base[c];
    if (k->n == -2 || memcmp(b, k->base, 16) || !bytes_within(h, k->h)) known_find(x, k, base, s, top);
    if (k->n < 0) return -1;
    int n = 0;
    for (int i = 0; i < k->n; i++) n += bytes_within(k->lo[i], h);
    return n;
}

/* ---- the second walk ---------------------------------------------------------------------------- */
/* What a last walk on the k-th turn leaves (the cards above its own) is cleared by the walks of the turns
 * before it, and the last of those that plays a card, from some stock card before the k-th, clears what
 * is left of that rest then: the rest's bottoms, in one +-1 walk; the cards above them must be matched with
 * the starts before it. Its turn is past the most turns with which the matching rules the rest out (up to
 * SECOND_LEVELS before k). The second walk is searched like the last (backwards, each node once, at most
 * SECOND_NODES nodes, past which it is not ruled out), from the bottoms of the rest. Strong where the
 * refutations are cheap, dear where they are not (strict+double deals 1-200 with it throughout: 741.2M ->
 * 516.0M positions, but 279.6 -> 318.3 s and 143 -> 135 deals within 1 s; deal 169 proven, -7, in 12.3M
 * positions, deal 62 6.1M -> 0.4M, deal 119 13.0M -> 0.01M, but deal 2 0.5 -> 1.6 s), so the solver's
 * driver asks for it only once a search has proven hard (see _optimal). Where the second walk found last
 * from a stock card of the same rank is still one (its cards are the rest's bottoms, its first card goes
 * onto a stock card in reach, the matching allows what it leaves) it is taken at once: the search would
 * have found one too, or given up (deal 35: 7.1 s against 10.0). */
#define SECOND_NODES 512
#define SECOND_LEVELS 8

typedef struct {
    Walk walk; /* its cards in column c: from the last walk's lo[c] up to walk.lo[c] */
    /* rank r goes onto the stock card of turn t + 1 + j (of rank ksu[j]) if bit j of kmask[r] is set,
     * with the starts before it in kstarts[j] */
    unsigned kmask[NRANK];
    int ksu[SECOND_LEVELS], kstarts[SECOND_LEVELS][NRANK];
    const int *base, *rest; /* the last walk's lo[] and cnt[]: where the second walk starts, what it takes */
} SecondWalk;

/* 1 if some second walk whose later cards are the ones taken (the last taken, of rank r, played first of
 * them) leaves what the matching allows, or past the nodes allowed. */
static int second_from(Ctx *x, Walk *w, int r, int top) {
    const SecondWalk *s = (const SecondWalk *)w;
    if (!walk_set_new(&x->walks2, w->key + (uint64_t)r)) return 0; /* tried: it found nothing */
    if (++w->nodes > SECOND_NODES) return 1;
    unsigned m = s->kmask[r];
    if (m) {
        int j = 31 - __builtin_clz(m); /* the most starts before it: the best chance */
        if (w->taken == w->left || !deficit(x, w->cnt, s->kstarts[j], top)) {
            int su = s->ksu[j];
            x->hint2_ok[su] = 1; /* tried first next time */
            x->hint2_first[su] = r;
            memcpy(x->hint2_a[su], s->base, sizeof x->hint2_a[su]);
            memcpy(x->hint2_b[su], w->lo, sizeof x->hint2_b[su]);
            for (int q = 0; q < NRANK; q++) x->hint2_cnt[su][q] = s->rest[q] - w->cnt[q];
            return 1;
        }
    }
    return walk_back(x, w, r, top, second_from);
}

/* 1 if the second walk found last from a stock card of rank su is one of w's: its cards are the deepest of
 * the rest, its first card goes onto a stock card in reach, and the matching allows what it leaves. */
static int second_fits(const Ctx *x, const SecondWalk *w, const int *lo, const int *rest, int su, int top) {
    unsigned m = w->kmask[x->hint2_first[su]];
    if (!m) return 0;
    for (int c = 0; c < x->ncols; c++) {
        int a = x->hint2_a[su][c], b = x->hint2_b[su][c];
        if (b > a && (a != lo[c] || b > x->height[c])) return 0;
    }
    int rest2[NRANK], n = 0;
    for (int q = 0; q < NRANK; q++) {
        rest2[q] = rest[q] - x->hint2_cnt[su][q];
        if (rest2[q] < 0) return 0;
        n += rest2[q];
    }
    return !n || !deficit(x, rest2, w->kstarts[31 - __builtin_clz(m)], top);
}

/* The second walks known, as the last walks are (see walks_known): a second walk takes the cards above its
 * base (the last walk's) from the bottom up, so its nodes depend on the base and the heights alone. For
 * SECOND_KNOWN bases (by a hash of the base) the nodes within the heights of a position's parent are kept,
 * up to SECOND_KNOWN_NODES of them, and a second walk whose search would refute (none of its nodes within
 * the heights clears), or give up (more than SECOND_NODES of them), is answered without it; where one
 * clears, the search runs, and finds the walk it would have found. Strict+double deal 169: 2.18M second
 * walks searched, 1.94M refuting at 116 nodes each and 238,000 giving up at 513, the base among the last
 * 64 searched in all but 3,000 (twenty-first session; see docs/solver.md). */
#define SECOND_KNOWN 32
#define SECOND_KNOWN_NODES 1024

/* 1 if the search of w's second walks would answer 1 without finding a walk (it would give up), 0 if it
 * would refute, -1 if it is not known or would find one (then it is searched). */
static int second_known(Ctx *x, const SecondWalk *w, const int *lo, const int *rest, int top) {
    if (!x->second_known && !(x->second_known = known_alloc(SECOND_KNOWN, SECOND_KNOWN_NODES))) return -1;
    unsigned char h[16] = {0};
    uint64_t hk = 0;
    for (int c = 0; c < x->ncols; c++) {
        h[c] = (unsigned char)x->height[c];
        hk = hk * 131 + (uint64_t)lo[c];
    }
    Known *e = &x->second_known[hash64(hk) % SECOND_KNOWN];
    int n = known_within(x, e, lo, &x->walks2, top, h), left = 0;
    if (n < 0) return -1;
    if (n > SECOND_NODES) return 1; /* it would give up, if it found no walk first: 1 either way */
    for (int q = 0; q < NRANK; q++) left += rest[q];
    for (int i = 0; i < e->n; i++) {
        unsigned m = w->kmask[e->r[i]];
        if (!m || !bytes_within(e->lo[i], h)) continue;
        int cnt[NRANK], taken = 0;
        memcpy(cnt, rest, sizeof cnt);
        for (int c = 0; c < x->ncols; c++)
            for (int j = lo[c]; j < e->lo[i][c]; j++) cnt[x->cards[c][j]]--, taken++;
        if (taken == left || !deficit(x, cnt, w->kstarts[31 - __builtin_clz(m)], top)) return -1;
    }
    return 0;
}

/* 1 unless what a last walk on turn k leaves (rest[], above the deepest lo[c] cards of each column, the
 * matching allowing it with the first k - 1 turns) is ruled out by the second walks (see above). */
static int second_walk(Ctx *x, const int *lo, const int *rest, int idx, int k, int top) {
    SecondWalk w;
    int t = k - 2, starts[NRANK];
    while (t >= 0 && t > k - 2 - SECOND_LEVELS) { /* the most turns with which the matching rules it out */
        window(x, idx, t, starts);
        if (deficit(x, rest, starts, top) > 0) break;
        t--;
    }
    if (t < 0 || t <= k - 2 - SECOND_LEVELS) return 1;
    unsigned ranks = 0;
    w.walk.left = 0;
    for (int r = 0; r < NRANK; r++) {
        w.walk.cnt[r] = rest[r];
        w.walk.left += rest[r];
        w.kmask[r] = 0;
        if (rest[r]) ranks |= 1u << r;
    }
    int any = 0;
    for (int k2 = t + 1; k2 <= k - 1; k2++) {
        int su = x->stock[idx + k2 - 1];
        w.ksu[k2 - t - 1] = su;
        window(x, idx, k2 - 1, w.kstarts[k2 - t - 1]);
        unsigned on = x->onto[su] & ranks;
        any |= on != 0;
        for (; on; on &= on - 1) w.kmask[__builtin_ctz(on)] |= 1u << (k2 - t - 1);
    }
    if (!any) return 0; /* no card of the rest goes onto a stock card in reach */
    unsigned tried = 0;
    for (int j = k - 2 - t; j >= 0; j--) {
        int su = w.ksu[j];
        if (!x->hint2_ok[su] || (tried >> su & 1)) continue;
        tried |= 1u << su;
        if (second_fits(x, &w, lo, rest, su, top)) return 1;
    }
    int known = second_known(x, &w, lo, rest, top);
    if (known >= 0) return known;
    walk_set_fresh(&x->walks2);
    w.walk.nodes = w.walk.taken = 0;
    w.walk.key = 0;
    w.base = lo;
    w.rest = rest;
    memcpy(w.walk.lo, lo, sizeof w.walk.lo);
    walk_index(x, &w.walk);
    return walk_back(x, &w.walk, -1, top, second_from);
}

/* ---- the walks from the top ------------------------------------------------------------------------ */
/* What the last walk of the first turn leaves (the cards above its own) is cleared by the walk under way,
 * from the top, alone, which must stop at the heights the last walk starts from. With wrapping the
 * matching lets those cards serve each other in cycles (a Ten and a Jack, each taking the other), so the
 * heights the walks from the top can stop at are found (forwards, each node (heights, last rank) once, at
 * most FIRST_NODES; past that, the matching alone), once for each position bounded, when first asked,
 * and the rest must be one of them (fourteenth session: the wrap+double deals 1-200 taking under 6 s,
 * 596.4M -> 436.3M positions, 205.1 -> 198.0 s, 111 -> 118 within 1 s; deal 44 1.60M -> 0.30M. Asked
 * as a walk searched backwards from the rest's bottoms for each last walk instead, it cut the positions
 * alike but took twice the time, nearly every such search refuting). Not without wrapping: strict+double
 * deals 1-200, the same positions within 0.1 % for 3 % more time. */
#define FIRST_NODES 1024
/* The walks from heights h (key hkey) on, the card played last of rank r: their nodes and the heights they
 * stop at (key * 16 + 15) into x->firsts; 0 past FIRST_NODES nodes. The columns by the rank of their top
 * card (tops) give the next cards at once, in the order of the columns, as walk_back's index does
 * (before, each node asked every column: first_fill 11.4 -> 9.2 % of the time on the ten wrap+double
 * deals 44, 72, 7, 40, 3, 17, 27, 43, 39 and 92; the same positions). */
static int first_fill(Ctx *x, uint64_t hkey, int r, int *h, unsigned *tops) {
    if (!walk_set_new(&x->firsts, hkey * 16 + (uint64_t)r)) return 1;
    if (++x->first_n > FIRST_NODES) return 0;
    walk_set_new(&x->firsts, hkey * 16 + 15);
    unsigned cols = 0; /* the columns whose top card goes onto r */
    for (unsigned m = x->onto[r]; m; m &= m - 1) cols |= tops[__builtin_ctz(m)];
    for (; cols; cols &= cols - 1) {
        int c = __builtin_ctz(cols), q = x->cards[c][h[c] - 1];
        unsigned bit = 1u << c;
        tops[q] &= ~bit;
        if (--h[c]) tops[x->cards[c][h[c] - 1]] |= bit;
        int ok = first_fill(x, hkey - x->wcol[c], q, h, tops);
        if (h[c]++) tops[x->cards[c][h[c] - 2]] &= ~bit;
        tops[q] |= bit;
        if (!ok) return 0;
    }
    return 1;
}

/* Can the walk under way, from the top, clear what a last walk of turn 1 leaves (rest), stopping at the
 * heights of key lo (weighted as in a position's key)? Where its walks are too many to know, as far as
 * the matching tells. */
static int first_rest(Ctx *x, uint64_t lo, const int *rest, int top) {
    static const int none[NRANK];
    if (!x->first_done) {
        int h[MAXC];
        unsigned tops[NRANK] = {0}; /* the columns by the rank of their top card */
        uint64_t hkey = 0;
        for (int c = 0; c < x->ncols; c++) {
            h[c] = x->height[c];
            hkey += x->wcol[c] * (uint64_t)h[c];
            if (h[c]) tops[x->cards[c][h[c] - 1]] |= 1u << c;
        }
        walk_set_fresh(&x->firsts);
        x->first_n = 0;
        x->first_ok = first_fill(x, hkey, top, h, tops);
        x->first_done = 1;
    }
    return x->first_ok ? walk_set_has(&x->firsts, lo * 16 + 15) : !deficit(x, rest, none, top);
}

static inline uint64_t lo_key(const Ctx *x, const int *lo) {
    uint64_t k = 0;
    for (int c = 0; c < x->ncols; c++) k += x->wcol[c] * (uint64_t)lo[c];
    return k;
}

/* ---- the last walk, searched -------------------------------------------------------------------- */

/* 1 if some last walk of the turns up to w->u whose later cards are the ones taken (the last taken, of
 * rank r, played first of them) leaves a rest the matching allows, or past the nodes allowed; where the
 * card taken could go onto a later turn's stock card, w->kmin comes down to that turn. (Until the fifteenth
 * session only if the matching allowed the rest there too: asking it cost more than the steps it put
 * positions off saved, wrap+double deals 44, 72, 7, 40, 3, 17, 27, 43, 39 and 92, 32.88M -> 32.96M
 * positions and 19.2 -> 18.2 s; strict+double deals 1, 66, 20, 76, 93, 2, 9 and 35, 85.6M -> 86.3M and
 * 30.9 -> 29.4 s.) */
/* The turn k on which the last walk w of l, its last card (played first) of rank r, clears (0: the walk
 * under way); -1 if on none, and then l->kmin comes down to the first later turn its card goes onto.
 * Unless rest, w's cnt and key are not filled in yet (see walks_known): they are, from its lo, if asked. */
static int last_walk_clears(Ctx *x, LastWalk *l, Walk *w, int r, int top, int rest) {
    unsigned m = l->kmask[r];
    if (!m) return -1;
    unsigned now = m & ((2u << (l->u - l->klo)) - 1), later = m & ~now;
    int k = now ? l->klo + 31 - __builtin_clz(now) : -1; /* the most starts before it: the best chance */
    if (k == 0 && w->taken == w->left) return 0;
    if (k > 0 && w->taken != w->left && !rest) {
        memcpy(w->cnt, x->cnt, sizeof w->cnt);
        w->key = 0;
        for (int c = 0; c < x->ncols; c++) {
            w->key += x->wcol[c] * (uint64_t)w->lo[c];
            for (int j = 0; j < w->lo[c]; j++) w->cnt[x->cards[c][j]]--;
        }
    }
    if (k > 0 && (w->taken == w->left ||
                  ((k > 1 || !(x->flags & F_WRAP) ? !deficit(x, w->cnt, l->kstarts[k - l->klo], top)
                                                  : first_rest(x, w->key, w->cnt, top)) &&
                   (!x->second_on || second_walk(x, w->lo, w->cnt, l->idx, k, top)))))
        return k;
    later &= (l->kmin - l->klo >= 32) ? ~0u : ((1u << (l->kmin - l->klo)) - 1);
    if (later) l->kmin = l->klo + __builtin_ctz(later); /* the first of them */
    return -1;
}

static int last_walk_from(Ctx *x, Walk *w, int r, int top) {
    LastWalk *l = (LastWalk *)w;
    if (!walk_set_new(&x->walks, w->key + (uint64_t)r)) return 0; /* tried: it found nothing */
    if (++w->nodes > LAST_WALK_NODES) return 1;
    int k = last_walk_clears(x, l, w, r, top, 1);
    if (k == 0) return 1; /* the walk under way clears */
    if (k > 0) {
        int su = l->ksu[k - l->klo];
        x->hint_ok[su] = 1; /* tried first next time */
        memcpy(x->hint_lo[su], w->lo, sizeof w->lo);
        for (int q = 0; q < NRANK; q++) x->hint_cnt[su][q] = x->cnt[q] - w->cnt[q];
        return 1;
    }
    return walk_back(x, w, r, top, last_walk_from);
}

/* 1 if the last walk found last from a stock card of rank su is still one here, on turn k (its starts
 * before it in starts): its cards are still the deepest of their columns, and the matching (and where
 * asked, the second walk) allows the rest. It is tried first: the search's neighbouring positions mostly
 * share it (strict+double deal 39: 428M nodes tried in 1.1M positions, most where a walk was found). */
static int walk_fits(Ctx *x, int su, int idx, int k, const int *starts, int top) {
    int all = 1, rest[NRANK];
    for (int c = 0; c < x->ncols; c++) {
        if (x->hint_lo[su][c] > x->height[c]) return 0;
        if (x->hint_lo[su][c] < x->height[c]) all = 0;
    }
    if (all) return 1;
    for (int q = 0; q < NRANK; q++) rest[q] = x->cnt[q] - x->hint_cnt[su][q];
    int fits = k > 1 || !(x->flags & F_WRAP) ? !deficit(x, rest, starts, top)
                                             : first_rest(x, lo_key(x, x->hint_lo[su]), rest, top);
    return fits && (!x->second_on || second_walk(x, x->hint_lo[su], rest, idx, k, top));
}

/* ---- the last walks known ------------------------------------------------------------------------ */
/* A last walk takes each column's cards from the bottom up, so the nodes of a search of last walks (the
 * cards taken, the rank of the last) are those reached from the bottoms within the position's heights:
 * they depend on the heights alone, and a position within the heights of another (a sibling within their
 * parent's) reaches exactly the other's nodes whose cards are within its own (the cards on the way to a
 * node are fewer). The nodes are found once for the parent (known_find), and a search that would refute
 * reads them instead (walks_known): each one within the heights is asked what last_walk_from asks. Where
 * one clears, the search is run after all, so that it finds the walk it would have found; so the answers,
 * the walks found and the nodes counted are the search's, and the Python twin has no such cache. Strict+
 * double deal 35: 1.03M searches, nearly all refuting at about 170 nodes each (178.5M in all), answered
 * from nodes found 15,929 times (2.9M nodes); side by side, strict+double deals 1-200 226.7 -> 214.3 s,
 * wrap+double 374.7 -> 361.0 s, the same positions (twenty-first session; see docs/solver.md). */

/* 1 if the search of l's last walks (see walks_fail) would find none, without searching: then *nodes
 * and l->kmin are what it would leave. 0 if it would find one, or its nodes are not known (then l->kmin
 * may have come down: the caller restores it). */
static int walks_known(Ctx *x, LastWalk *l, int top, int *nodes) {
    unsigned char h[16] = {0};
    for (int c = 0; c < x->ncols; c++) h[c] = (unsigned char)x->height[c];
    int n = known_within(x, x->known, NULL, &x->walks, 0, h); /* at most LAST_WALK_NODES: never cut short */
    if (n < 0) return 0;
    Walk w; /* each node within the heights, asked what last_walk_from asks */
    w.left = 0;
    for (int q = 0; q < NRANK; q++) w.left += x->cnt[q];
    for (int i = 0; i < x->known->n; i++) {
        const unsigned char *lo = x->known->lo[i];
        int r = x->known->r[i];
        if (!l->kmask[r] || !bytes_within(lo, h)) continue;
        w.taken = 0;
        for (int c = 0; c < MAXC; c++) w.taken += w.lo[c] = c < x->ncols ? lo[c] : 0;
        if (last_walk_clears(x, l, &w, r, top, 0) >= 0) return 0;
    }
    *nodes = n;
    return 1;
}

/* 1 if no last walk of the turns klo .. u (stock cards idx+klo-1 .. idx+u-1) clears what the walks
 * before it leave, and then in x->walk_kmin the first later turn, up to khi, whose walk may (one of the
 * walks' cards goes onto its stock card; khi + 1: none). Each walk tried first is the last one found from
 * a stock card of its rank (see walk_fits). */
static int walks_fail(Ctx *x, int idx, int klo, int u, int khi, int top) {
    LastWalk w;
    unsigned ranks = tableau_ranks(x);
    int any = 0, later = 0;
    w.walk.left = 0;
    w.klo = klo;
    w.u = u;
    w.idx = idx;
    w.kmin = khi + 1;
    for (int r = 0; r < NRANK; r++) {
        w.walk.cnt[r] = x->cnt[r];
        w.walk.left += x->cnt[r];
        w.kmask[r] = 0;
    }
    for (int k = klo; k <= khi; k++) {
        int su, *st = w.kstarts[k - klo];
        if (k) {
            su = x->stock[idx + k - 1];
            window(x, idx, k - 1, st);
        } else { /* the walk under way, from the top */
            su = top;
            memset(st, 0, NRANK * sizeof *st);
        }
        w.ksu[k - klo] = su;
        unsigned on = x->onto[su] & ranks;
        if (!on) continue;
        if (k <= u) {
            any = 1; /* turn u's walk found last was tried already (see last_walk_out) */
            if (k && k < u && x->hint_ok[su] && walk_fits(x, su, idx, k, st, top)) return 0;
        }
        for (; on; on &= on - 1) w.kmask[__builtin_ctz(on)] |= 1u << (k - klo);
        later |= k > u;
    }
    x->walk_kmin = later ? u + 1 : khi + 1;
    if (!any) return 1;
    if (x->known) { /* see walks_known */
        int nodes, kmin = w.kmin;
        if (walks_known(x, &w, top, &nodes)) {
            x->walk_searches++;
            x->walk_nodes += (uint64_t)nodes;
            x->walk_kmin = w.kmin;
            return 1;
        }
        w.kmin = kmin;
    }
    walk_set_fresh(&x->walks);
    w.walk.nodes = w.walk.taken = 0;
    w.walk.key = 0;
    memset(w.walk.lo, 0, sizeof w.walk.lo);
    walk_index(x, &w.walk);
    int found = walk_back(x, &w.walk, -1, top, last_walk_from);
    x->walk_searches++;
    x->walk_nodes += (uint64_t)w.walk.nodes;
    if (found) return 0;
    x->walk_kmin = w.kmin;
    return 1;
}

/* 1 once the last walks have proven too dear in this run: past the first WALK_TRIAL searched, more than
 * WALK_DEAR nodes each on average, and the run goes on without them. With wrapping most deals gain by the
 * walks and a few lose by far: wrap+double deal 39, 9.0M -> 7.4M positions but 3.1 -> 13.9 s, at 1,600
 * nodes a walk searched, where deal 34 took 5.6M -> 0.8M positions, 1.45 -> 0.94 s, at 310. */
static inline int walks_dear(const Ctx *x) {
    return x->walk_searches >= WALK_TRIAL && x->walk_nodes > (uint64_t)WALK_DEAR * x->walk_searches;
}

/* Is clearing with the stock cards idx .. idx+u-1 (u >= 0) turned at most ruled out by the last walks? 0
 * if not; else in how many steps of the fringe search it may first not be (the turns up to walk_kmin - 1
 * are ruled out alike: the bound's j, the largest with clearing ruled out, and the walks refuted stay). */
static int last_walk_out(Ctx *x, int idx, int u, int top) {
    x->first_done = 0; /* a new position: its walks from the top are found when first asked */
    int su = u > 0 ? x->stock[idx + u - 1] : 0;
    if (u > 0 && x->hint_ok[su] && (x->onto[su] & tableau_ranks(x))) { /* the walk found last from this rank */
        int starts[NRANK];
        window(x, idx, u - 1, starts);
        if (walk_fits(x, su, idx, u, starts, top)) return 0; /* still clears: no j needed (most calls) */
    }
    int j = u - 1;
    while (j >= 0 && j > u - 1 - WALK_LEVELS && !(bound(x, idx, j, top, 1) > 0)) j--;
    if (j <= u - 1 - WALK_LEVELS) return 0;
    int khi = j + WALK_LEVELS < x->S - idx ? j + WALK_LEVELS : x->S - idx;
    if (!walks_fail(x, idx, j + 1, u, khi, top)) return 0;
    return x->walk_kmin - u; /* out until then */
}

/* ---- the column plans ------------------------------------------------------------------------- */
/* Clearing with the stock cards idx .. idx+u-1 turned at most: each column's cards are played in their
 * order, top down, and between two of them the foundation goes from the one to the next: through cards of
 * the other columns (the pool: one of each rank between, at least, each card used once), or by a stock
 * card of the window turned (later than the one turned before) and from it through the pool alike. A
 * column none of whose plans fits the pool rules clearing out (plans_fail). The other columns' order, and
 * whether the pool itself can be cleared, are left out: a relaxation of the game, so sound (a property
 * test checks it against brute force). Sampled where strict+double deal 19's last proof goes on (40
 * positions, 3 to 7 turns left), clearing took 7 to 24 turns in fact (one: never) while the bound allowed
 * 3 to 7; the plans rule out 25 of the 40 (twentieth session; the cut-by-cut count of the foundation's
 * crossings, none). Side by side, strict+double deals 1-200: 596.0M -> 446.9M positions, 248.6 -> 227.6 s,
 * 150 -> 157 within 1 s; strict deals 1-1000 35.8M -> 32.7M positions, 6-15 % faster. Not with wrapping,
 * where the ways round both sides seldom run short (wrap+double: -6 % positions, +4.5 % time; see docs/solver.md).
 * route[a][b] (routes_new): the least pool cards from foundation rank a to playing rank b. */
static void routes_new(Ctx *x) {
    int wrap = (x->flags & F_WRAP) != 0;
    for (int a = 0; a <= NOTOP; a++)
        for (int b = 1; b < NRANK; b++) {
            x->nroute[a][b] = 0;
            if (x->adj[a][b]) {
                x->nroute[a][b] = -1;
                continue;
            }
            if (a == 0 || a == NOTOP) continue;
            unsigned masks[4];
            int n = 0;
            if (a == b) {
                for (int d = -1; d <= 1; d += 2) {
                    int q = a + d;
                    if (wrap) q = q < 1 ? 13 : q > 13 ? 1 : q;
                    if (q >= 1 && q <= 13 && x->adj[a][q] && x->adj[q][b]) masks[n++] = 1u << q;
                }
            } else {
                for (int d = -1; d <= 1; d += 2) {
                    unsigned m = 0;
                    int prev = a, q = a, ok = 1;
                    for (;;) {
                        q += d;
                        if (wrap) q = q < 1 ? 13 : q > 13 ? 1 : q;
                        if (q < 1 || q > 13) { ok = 0; break; }
                        if (!x->adj[prev][q]) { ok = 0; break; }
                        if (q == b) break;
                        m |= 1u << q;
                        prev = q;
                    }
                    if (ok) masks[n++] = m;
                }
            }
            int k = 0;
            for (int i = 0; i < n; i++) {
                int dominated = 0;
                for (int j = 0; j < n; j++)
                    if (j != i && (masks[j] & masks[i]) == masks[j] && (masks[j] != masks[i] || j < i)) dominated = 1;
                if (!dominated) x->route[a][b][k++] = (unsigned short)masks[i];
            }
            x->nroute[a][b] = (signed char)k;
        }
}

typedef struct {
    unsigned char seq[MAXH]; /* the column's cards, top down */
    short pick_t[MAXH];
    unsigned short pick_m[MAXH];
    int h, jend, nodes, capped;
    int use[NRANK], pool[NRANK];
} Plan;

#define PLAN_NODES 4096

static inline int plan_fits(const Plan *p, unsigned m) {
    for (; m; m &= m - 1) {
        int q = __builtin_ctz(m);
        if (p->use[q] >= p->pool[q]) return 0;
    }
    return 1;
}

static inline void plan_take(Plan *p, unsigned m, int d) {
    for (; m; m &= m - 1) p->use[__builtin_ctz(m)] += d;
}

/* 1 if the column's cards from i on can be played, the foundation at rank a and the stock cards from j
 * on still to turn (or past the nodes allowed). */
static int plan_from(const Ctx *x, Plan *p, int i, int a, int j) {
    if (i == p->h) return 1;
    if (++p->nodes > PLAN_NODES) return p->capped = 1;
    int b = p->seq[i];
    int n = x->nroute[a][b];
    p->pick_t[i] = -1;
    p->pick_m[i] = 0;
    /* An option whose pool cards take in those of another, with no earlier stock card left after it, is no
     * better: the first of them is tried alone. */
    if (n < 0) return plan_from(x, p, i + 1, b, j); /* straight on: nothing better */
    unsigned tried[2 + 2 * NRANK];
    int nt = 0;
    for (int k = 0; k < n; k++) {
        unsigned m = x->route[a][b][k];
        tried[nt++] = m;
        if (!plan_fits(p, m)) continue;
        p->pick_m[i] = (unsigned short)m;
        plan_take(p, m, 1);
        int ok = plan_from(x, p, i + 1, b, j);
        plan_take(p, m, -1);
        if (ok) return 1;
    }
    unsigned ranks = 0; /* a stock card of a rank tried already is no better later */
    for (int t = j; t < p->jend; t++) {
        int s = x->stock[t];
        if (ranks >> s & 1) continue;
        ranks |= 1u << s;
        int ns = x->nroute[s][b];
        p->pick_t[i] = (short)t;
        p->pick_m[i] = 0;
        if (ns < 0) return plan_from(x, p, i + 1, b, t + 1); /* no later card does better */
        for (int k = 0; k < ns; k++) {
            unsigned m = x->route[s][b][k];
            int worse = 0;
            for (int q = 0; q < nt && !worse; q++) worse = (m & tried[q]) == tried[q];
            if (worse) continue;
            tried[nt++] = m;
            if (!plan_fits(p, m)) continue;
            p->pick_m[i] = (unsigned short)m;
            plan_take(p, m, 1);
            int ok = plan_from(x, p, i + 1, b, t + 1);
            plan_take(p, m, -1);
            if (ok) return 1;
        }
    }
    return 0;
}

/* If search, 1 if column c has a plan with u turns (or past PLAN_NODES nodes: plan_from). If not, 0 only if
 * the pool cards that every way through a gap needs (straight on, or from any stock card in reach), counted
 * over the gaps, are more than the pool holds: cheap, and what puts a position off (see plans_fail). Asked
 * before every search it rarely ruled a column out (deal 187: 53 of 403,000) and cost 2-3 % of the time. */
static int column_plan(const Ctx *x, Plan *p, int c, int idx, int u, int top, int search) {
    int h = x->height[c];
    p->h = h;
    memcpy(p->pool, x->cnt, sizeof p->pool);
    for (int i = 0; i < h; i++) {
        int r = x->cards[c][h - 1 - i];
        p->seq[i] = (unsigned char)r;
        p->pool[r]--;
    }
    memset(p->use, 0, sizeof p->use);
    p->jend = idx + u;
    p->nodes = p->capped = 0;
    if (search) return plan_from(x, p, 0, top, idx);
    /* the pool cards every way through a gap needs, counted over the gaps, must be in the pool */
    unsigned landing = 0; /* the ranks of the stock cards in reach */
    for (int t = idx; t < idx + u; t++) landing |= 1u << x->stock[t];
    int forced[NRANK] = {0};
    for (int i = 0, a = top; i < h; a = p->seq[i++]) {
        int b = p->seq[i], n = x->nroute[a][b];
        if (n < 0) continue;
        unsigned all = ~0u;
        int any = 0;
        for (int k = 0; k < n; k++) all &= x->route[a][b][k], any = 1;
        for (unsigned l = landing; l && all; l &= l - 1) {
            int sr = __builtin_ctz(l), ns = x->nroute[sr][b];
            if (ns < 0) { all = 0; any = 1; break; }
            for (int k = 0; k < ns; k++) all &= x->route[sr][b][k], any = 1;
        }
        if (!any) return 0;
        for (; all; all &= all - 1) if (++forced[__builtin_ctz(all)] > p->pool[__builtin_ctz(all)]) return 0;
    }
    return 1;
}

/* Keep the plan p found for column c (see plan_kept). */
static void plan_keep(Ctx *x, const Plan *p, int c) {
    int h = p->h;
    x->sp_h[c] = h;
    for (int i = 0; i < h; i++) {
        x->sp_t[c][h - 1 - i] = p->pick_t[i];
        x->sp_m[c][h - 1 - i] = p->pick_m[i];
    }
    memset(x->sp_vec[c][0], 0, 16);
    x->sp_tmin[c][1] = MAXS;
    x->sp_tmax[c][1] = -1;
    for (int hh = 1; hh <= h; hh++) {
        unsigned char *v = x->sp_vec[c][hh];
        memcpy(v, x->sp_vec[c][hh - 1], 16);
        v[x->cards[c][hh - 1]]++;
        if (hh >= 2) {
            int k = hh - 2, t = x->sp_t[c][k];
            for (unsigned m = x->sp_m[c][k]; m; m &= m - 1) v[__builtin_ctz(m)]++;
            x->sp_tmin[c][hh] = x->sp_tmin[c][hh - 1];
            x->sp_tmax[c][hh] = x->sp_tmax[c][hh - 1];
            if (t >= 0) {
                if (t < x->sp_tmin[c][hh]) x->sp_tmin[c][hh] = (short)t;
                if (t > x->sp_tmax[c][hh]) x->sp_tmax[c][hh] = (short)t;
            }
        }
    }
}

static inline int vec_fits(const unsigned char *need, const unsigned char *have, unsigned m) {
    if (!bytes_within(need, have)) return 0;
    for (; m; m &= m - 1)
        if (need[__builtin_ctz(m)] >= have[__builtin_ctz(m)]) return 0;
    return 1;
}

/* 1 if the plan kept for column c is still one here: the cards below its top card go as it had them, and
 * the top card as it had it, if by a stock card still to turn, or from the foundation's rank now, or from
 * a stock card before the kept ones. Nine columns in ten are answered so (strict+double deal 71); the
 * search for a plan, asked each time, made the plans cost twice what they do. */
static int plan_kept(const Ctx *x, int c, int idx, int u, int top, const unsigned char *have) {
    int h = x->height[c];
    if (x->sp_h[c] < h) return 0;
    int tmin = x->sp_tmin[c][h], tmax = x->sp_tmax[c][h];
    if ((tmax >= 0 && (tmin < idx || tmax >= idx + u))) return 0;
    const unsigned char *need = x->sp_vec[c][h];
    int t0 = x->sp_t[c][h - 1];
    if (t0 >= idx && t0 < idx + u && t0 < tmin && vec_fits(need, have, x->sp_m[c][h - 1])) return 1;
    int b = x->cards[c][h - 1], n = x->nroute[top][b];
    if (n < 0) return vec_fits(need, have, 0);
    for (int k = 0; k < n; k++)
        if (vec_fits(need, have, x->route[top][b][k])) return 1;
    int end = tmin < idx + u ? tmin : idx + u; /* the top card by a stock card before the kept ones */
    unsigned ranks = 0;
    for (int t = idx; t < end; t++) {
        int s = x->stock[t], ns = x->nroute[s][b];
        if (ranks >> s & 1) continue;
        ranks |= 1u << s;
        if (ns < 0) return vec_fits(need, have, 0);
        for (int k = 0; k < ns; k++)
            if (vec_fits(need, have, x->route[s][b][k])) return 1;
    }
    return 0;
}

/* 0 if every column has a plan with u turns; else how many turns more the first without one needs by the
 * pool cards every plan needs alone (up to DUE_AHEAD: how far the fringe search puts the position off;
 * searching the plans for it instead, the same time). The column whose plan failed last is asked first,
 * and a position reached by a play asks only it and the column played from: 81 % of the positions ruled
 * out were ruled out by the first column asked (strict+double deal 71), and asking every column everywhere
 * cost more than it saved (the eight strict+double deals 19, 49, 71, 74, 86, 102, 115 and 121: 20.7M
 * positions and 10.85 s, against 21.4M and 10.24 s; 31.2M and 10.42 s without plans). Before the plans are
 * searched, the plan kept from last time is tried (plan_kept): it is a plan, so the answer is the
 * search's (the Python twin searches every time). (A second try, the plan through the pool alone with the
 * first route at each gap, made no difference side by side and was taken out.) */
static int plans_fail(Ctx *x, int idx, int u, int top) {
    int only = x->plan_only; /* -2: every column; else plan_last and this one (-1: none) */
    if (x->cnt[0] || top == 0 || top == NOTOP) return 0;
    Plan p;
    unsigned char have[16] = {0};
    for (int r = 0; r < NRANK; r++) have[r] = (unsigned char)x->cnt[r];
    for (int i = 0; i < x->ncols; i++) {
        int c = x->plan_last + i, h;
        if (c >= x->ncols) c -= x->ncols;
        h = x->height[c];
        if (!h) continue;
        if (only != -2 && i > 0 && c != only) continue;
        if (plan_kept(x, c, idx, u, top, have)) continue;
        if (column_plan(x, &p, c, idx, u, top, 1)) {
            if (!p.capped) plan_keep(x, &p, c);
            continue;
        }
        x->plan_last = c;
        int w = 1;
        while (w < DUE_AHEAD && idx + u + w <= x->S && !column_plan(x, &p, c, idx, u + w, top, 0)) w++;
        return w;
    }
    return 0;
}

/* A position the bound rules out in the fringe search's step for clearing with u turns left: in how
 * many steps it may first be searched, the steps after this one whose turns the cheap matching also rules
 * out (at most DUE_AHEAD; the last walks say for themselves, see last_walk_out). Put off that far at once,
 * it is not gone on from, and ruled out again, step after step: on strict+double deal 35 a quarter of the
 * positions were such (10.1M of 38.9M), and it took 27.0M positions with this, 26.6M putting off up to 8
 * steps ahead, 29.5M up to 2. d: the cheap matching's deficit with u turns; each stock card more adds one
 * start, which lowers it by one at most, so the steps up to d - 1 on are ruled out without asking. The
 * steps ahead ask the cheap matching alone, not the whole bound (fourteenth session): a position is put off
 * less far at times, but asked for far less (wrap+double deals 1-200 taking under 6 s, 570.3M -> 596.4M
 * positions, 222.1 -> 205.1 s, 107 -> 111 within 1 s; strict+double deals 1-200, 613.0M -> 637.0M
 * positions, 206.4 -> 194.2 s, 155 -> 156 within 1 s). */
static int due(Ctx *x, int idx, int u, int top, int d) {
    int k = 1, starts[NRANK];
    while (k < DUE_AHEAD && x->best + k <= 1 &&
           (u + k < 0 || k < d ||
            (window(x, idx, u + k, starts), walk_deficit(x, idx, u + k, starts, top, NULL)) > 0))
        k++;
    return k;
}

/* The bound for hopeless: in full (bound_plain), or not (a position with no play) the cheap matching
 * alone (walk_deficit). A position with no play has one move, turning the stock, and the position that
 * leads to is bounded in full, with one turn fewer to spend, so the rest of the bound (the cards never
 * played, the ways in, the last walks) would mostly be done twice (nineteenth session, side by side on the
 * two cores: strict+double deals 1-200, 588.0M -> 596.0M positions, 269.8 -> 256.8 s, 146 -> 150 within
 * 1 s; wrap+double 621.8M -> 632.9M, 550.2 -> 499.2 s, 128 -> 131; the Joker packs 11-24 % faster; one
 * deck the same time; see docs/solver.md). The cheap matching's deficit goes to *plain. */
static inline int limit(const Ctx *x, int idx, int u, int top, int enough, int full, int *plain) {
    if (full) return bound_plain(x, idx, u, top, enough, plain);
    int starts[NRANK];
    window(x, idx, u, starts);
    return *plain = walk_deficit(x, idx, u, starts, top, NULL);
}

/* Can this position still beat the best value found? 0 if it can; else, in the fringe search, how many
 * steps on it may first (see due; defer puts it off DUE_AHEAD steps at most), and 1 elsewhere. Not full:
 * with the cheap matching alone (see limit). */
static inline int hopeless(Ctx *x, int idx, int top, int full) {
    expose(x);
    if (x->best <= 1) { /* only clearing will do (best 1: with any stock in hand) */
        int u = x->S + x->best - idx - 1; /* turns left to clear with more stock in hand */
        int d = 0; /* the cheap matching's deficit (see due) */
        if (u < 0 || limit(x, idx, u, top, 1, full, &d) > 0) return x->fringe_on ? due(x, idx, u, top, d) : 1;
        if (full && !(x->flags & F_WRAP)) { /* see plans_fail */
            int w = plans_fail(x, idx, u, top);
            if (w) return x->fringe_on ? (w < 2 - x->best ? w : 2 - x->best) : 1;
        }
        if (!(full && u >= 0 && (x->flags & F_LASTWALK) && !x->cnt[0]) || walks_dear(x)) return 0;
        int wait = last_walk_out(x, idx, u, top);
        if (!wait || !x->fringe_on) return wait > 0;
        return wait < 2 - x->best ? wait : 2 - x->best; /* not past the steps for clearing */
    }
    int plain, d = limit(x, idx, x->S - idx, top, x->best, full, &plain);
    if (d < x->best) return 0;
    return x->fringe_on ? d - x->best + 1 : 1;
}

/* ---- the search ------------------------------------------------------------------------------ */

static void expand(Ctx *x, uint64_t key, int idx, int top, int left, int depth);
static void defer(Ctx *x, uint64_t key, int idx, int depth, int wait);
static void back_turn(Ctx *x);
static int back_answers(Ctx *x, uint64_t key, int idx, int top, int depth);

static void dfs(Ctx *x, uint64_t key, int idx, int top, int left, int depth);

/* Turning the stock from a position with n plays: 1 and the position it leads to in t, or 0 if turning
 * is not searched from here. */
typedef struct {
    uint64_t key;
    int idx, top, depth;
} Turn;

static int turn_child(Ctx *x, uint64_t key, int idx, int top, int left, int depth, int via_turn, int n, Turn *t) {
    if (idx >= x->S || (n && (x->flags & F_STUCK))) return 0;
    if (!x->ibits) { /* the stuck rule: the stock index is in the key, a plain visited set */
        int r = x->stock[idx];
        *t = (Turn){key + x->widx - (uint64_t)top + (uint64_t)r, idx + 1, r, depth + 1};
        return 1;
    }
    /* A position with these heights finished with as few cards turned: its turning covered ours. In the
     * fringe search, where "finished" may mean put off, only a position reached by a play and not gone
     * on from is covered so (one reached by turning goes on with the turning it belongs to). */
    if (x->heights_too && !(x->fringe_on && (depth == 0 || via_turn)) &&
        table_seen(x, key - (uint64_t)top + NOTOP, idx))
        return 0;
    /* Turn, and go on turning past positions reached before with fewer cards turned: their plays are
     * searched from there, but turning on from them is searched only here. */
    for (int j = idx; j < x->S; j++) {
        int r = x->stock[j];
        uint64_t next = key - (uint64_t)top + (uint64_t)r;
        if (j + 1 < x->S && left && table_seen(x, next, j + 1)) continue;
        *t = (Turn){next, j + 1, r, depth + j - idx + 1};
        return 1;
    }
    return 0;
}

/* Play column c's card and search on from there: the key of the child's heights (under the top NOTOP),
 * which its caller marks finished once the play is searched to the end. */
static uint64_t search_play(Ctx *x, uint64_t key, int idx, int top, int left, int depth, int c) {
    int h = --x->height[c];
    int r = x->cards[c][h];
    x->cnt[r]--;
    x->path[depth] = (unsigned char)c;
    uint64_t child = key - x->wcol[c] - (uint64_t)top + (uint64_t)r;
    x->via_turn = 0;
    dfs(x, child, idx, r, left - 1, depth + 1);
    x->cnt[r]++;
    x->height[c]++;
    return child - (uint64_t)r + NOTOP;
}

/* Turn the stock as turn_child found and search on from there. */
static void search_turn(Ctx *x, const Turn *t, int left, int depth) {
    memset(x->path + depth, TURN, (size_t)(t->depth - depth));
    x->via_turn = 1;
    dfs(x, t->key, t->idx, t->top, left, t->depth);
}

/* The fringe search's moves from a position: the plays (in the order given) and turning, whose searches
 * take turns. Each in turn goes on for TURN_FIRST positions, then twice as many, and so on, until it is
 * finished; the one whose turn is over is taken up again from the start, its finished positions kept
 * and the unfinished ones (the frames it was in) taken out, as a search cut short is. A step that has no
 * line searches every move to the end either way; one that has a line finds it in whichever move's
 * search finds one soonest, not only after the moves before it are searched to the end: a move whose
 * search is long and finds nothing (a play where the line turns) costs only what the one with the line
 * costs, about, at each move on the way to it. (Doubling on from 1,000 positions: strict+double deals
 * 1-200, 813.2M -> 741.2M positions; deal 37 22.0M -> 0.04M, deal 182 66.2M -> 0.43M, but deal 130
 * 1.7M -> 7.6M and deal 98 0.5M -> 2.7M, whose lines are in the first moves' searches; see docs/solver.md.) */
#define TURN_FIRST 1000

static void interleave(Ctx *x, uint64_t key, int idx, int top, int left, int depth, int via_turn, const int *order,
                       int n) {
    Turn t;
    int moves = n + turn_child(x, key, idx, top, left, depth, via_turn, n, &t);
    int done[MAXC + 1] = {0}, open = moves, base = x->frames;
    uint64_t outer = x->turn_limit, length = TURN_FIRST; /* outer: the turn this search is in */
    while (open) {
        for (int i = 0; i < moves && open; i++) {
            if (done[i]) continue;
            uint64_t limit = open > 1 ? x->states + length : 0;
            if (outer && (!limit || outer < limit)) limit = outer;
            x->turn_limit = limit;
            uint64_t heights = 0;
            if (i < n)
                heights = search_play(x, key, idx, top, left, depth, order[i]);
            else
                search_turn(x, &t, left, depth);
            x->turn_limit = outer;
            if (x->stop) {
                /* a line found, the search cut short, or the turn of a search this one is in is over */
                if (!x->turn_cut || (outer && x->states > outer)) return;
                while (x->frames > base) table_erase(x, x->frame_key[--x->frames]);
                x->stop = x->turn_cut = 0;
                continue;
            }
            done[i] = 1;
            open--;
            if (i < n && x->heights_too) table_insert(x, heights, idx); /* its heights: done */
        }
        length *= 2;
    }
}

static void dfs(Ctx *x, uint64_t key, int idx, int top, int left, int depth) {
    if (!table_insert(x, key, x->ibits ? idx : 0)) return;
    /* finished by the partner: no line below its kept, so none below this run's best (kept as finished) */
    if (x->trust && x->partner->table && table_seen(x->partner, key, x->ibits ? idx : 0)) return;
    x->frame_idx[x->frames] = (unsigned char)idx;
    x->frame_log[x->frames] = 0;
    x->frame_key[x->frames++] = key;
    expand(x, key, idx, top, left, depth);
    if (!x->stop) x->frames--;
}

static void expand(Ctx *x, uint64_t key, int idx, int top, int left, int depth) {
    if (++x->states > x->limit && x->limit) {
        x->stop = x->aborted = 1;
        return;
    }
    if (x->turn_limit && x->states > x->turn_limit) { /* this sibling's turn is over (see interleave) */
        x->stop = x->turn_cut = 1;
        return;
    }
    if (x->back && ++x->fwd_step >= x->back_at) { /* the walks back's turn */
        back_turn(x);
        if (x->stop) return;
    }
    int via_turn = x->via_turn;
    int v = left ? left : -(x->S - idx);
    if (v < x->best) {
        x->best = v;
        x->best_idx = idx;
        x->best_len = depth;
        memcpy(x->best_path, x->path, (size_t)depth);
        if (v <= x->stop_value) {
            x->stop = 1;
            return;
        }
    } else if (x->fringe_on && v < x->seen_min) { /* a value for a later step */
        x->seen_min = v;
        x->seen_idx = idx;
        x->seen_len = depth;
        x->seen_from = x->from;
        memcpy(x->seen_path, x->path, (size_t)depth);
    }
    if (!left) return;
    if (x->back && idx >= x->back_to && back_answers(x, key, idx, top, depth)) return;
    const unsigned char *row = x->adj[top];
    if (x->mask >= PREFETCH_FROM) {
        /* the partner's set, where dfs looks each child up too */
        const Ctx *o = x->trust && x->partner->table && x->partner->mask >= PREFETCH_FROM ? x->partner : NULL;
        for (int c = 0; c < x->ncols; c++) {
            int h = x->height[c];
            if (h && row[x->cards[c][h - 1]]) {
                uint64_t child = key - x->wcol[c] - (uint64_t)top + (uint64_t)x->cards[c][h - 1];
                table_prefetch(x, child);
                if (o) table_prefetch(o, child);
                if (x->heights_too) table_prefetch(x, key - x->wcol[c] - (uint64_t)top + NOTOP);
            }
        }
        if (idx < x->S) {
            uint64_t next = key + x->widx - (uint64_t)top + (uint64_t)x->stock[idx];
            table_prefetch(x, next);
            if (o) table_prefetch(o, next);
            if (x->heights_too) table_prefetch(x, key - (uint64_t)top + NOTOP);
        }
    }
    /* Plays, taller columns first (they are the hard ones to clear), then turning the stock. */
    int order[MAXC], n = 0;
    for (int c = 0; c < x->ncols; c++) {
        int h = x->height[c];
        if (h && row[x->cards[c][h - 1]]) {
            int i = n++;
            while (i > 0 && x->height[order[i - 1]] < h) {
                order[i] = order[i - 1];
                i--;
            }
            order[i] = c;
        }
    }
    if (!(x->flags & F_NOBOUND)) {
        /* With wrapping, a position reached by a play is bounded without the ways in: where its parent's
         * bound passed them, one card fewer rarely fails them (wrap+double deal 72: 5.3 % of 1.36M such
         * calls, at 1,570 cycles each, against 53 % of the positions reached by turning). Nineteenth
         * session, side by side: wrap+double deals 1-200, 632.9M -> 692.0M positions, 471.2 -> 380.4 s,
         * 135 -> 138 within 1 s. Not on the ladder, whose ways in are cheap: strict+double the same time,
         * 151 -> 148 within 1 s (see docs/solver.md). */
        x->no_ways = depth > 0 && !via_turn && (x->flags & F_WRAP);
        x->plan_only = depth == 0 || via_turn ? -2 : x->path[depth - 1]; /* see plans_fail */
        x->known_parent = depth == 0 || via_turn ? -1 : x->path[depth - 1]; /* see walks_known */
        int wait = hopeless(x, idx, top, n || idx >= x->S);
        x->no_ways = 0;
        if (wait) {
            if (x->fringe_on) defer(x, key, idx, depth, wait);
            return;
        }
    }
    if (x->fringe_on) {
        interleave(x, key, idx, top, left, depth, via_turn, order, n);
        return;
    }
    for (int i = 0; i < n; i++) {
        uint64_t heights = search_play(x, key, idx, top, left, depth, order[i]);
        if (x->stop) return;
        if (x->heights_too) table_insert(x, heights, idx); /* its heights: done */
    }
    Turn t;
    if (turn_child(x, key, idx, top, left, depth, via_turn, n, &t)) search_turn(x, &t, left, depth);
}

/* ---- the fringe search ----------------------------------------------------------------------- */
/* The deepening asks "is there a line scoring T?" for T from the lower bound up, each time from the
 * start: on two decks the earlier questions cost as much again as the last (strict+double deal 20: 40.7M
 * positions in all, 14.7M in the last). The fringe search asks them in one go (Bjornsson, Enzenberger,
 * Holte and Schaeffer, "Fringe Search", 2005): each step goes on from the positions the last one put off
 * (those the bound ruled out for T), in the order of order_step, and the visited set is kept
 * throughout. A step that finishes proves that no line scores T; the first line found scores T, the
 * optimum. Every position put off is logged with the one whose search put it off, so the line to a
 * position is found again link by link (see link_walk). */
#define FRINGE_LOG_MAX (1u << 24) /* positions put off, 13 bytes each and 4 in each list: 352 MB at most */
#define LINK_NODES (1u << 16)     /* positions tried to find one link of a line again */

static int grow_u32(uint32_t **a, uint32_t *cap, uint32_t need) {
    if (need <= *cap) return 1;
    uint32_t n = *cap ? *cap : 1024;
    while (n < need) n *= 2;
    uint32_t *p = (uint32_t *)realloc(*a, (size_t)n * sizeof **a);
    if (!p) return 0;
    *a = p;
    *cap = n;
    return 1;
}

/* Log a position with its parent: its number, or 0 past the log's size (the search then stops). */
static uint32_t log_add(Ctx *x, uint64_t key, int idx, uint32_t parent) {
        if (x->ln == x->lcap) {
            uint32_t cap = x->lcap ? 2 * x->lcap : 1024;
            uint64_t *k = cap <= FRINGE_LOG_MAX ? (uint64_t *)realloc(x->lkey, (size_t)cap * sizeof *k) : NULL;
            if (k) x->lkey = k;
            unsigned char *i = k ? (unsigned char *)realloc(x->lidx, cap) : NULL;
            if (i) x->lidx = i;
            uint32_t *p = i ? (uint32_t *)realloc(x->lparent, (size_t)cap * sizeof *p) : NULL;
            if (p) x->lparent = p;
            if (!p) {
                x->overflow = x->stop = x->aborted = 1;
                return 0;
            }
            x->lcap = cap;
            Ctx *o = x->partner; /* the idle partner starts over if the memory would pass the cap */
            if (o && !o->busy && o->table &&
                ((x->mask + o->mask + 2) * (uint64_t)x->width + fringe_bytes(x) + (uint64_t)cap * 8 > x->cap * 10)) {
                slots_free(o->table, o->mask + 1, o->width);
                o->table = NULL;
            }
        }
        uint32_t n = x->ln++;
        x->lkey[n] = key;
        x->lidx[n] = (unsigned char)idx;
        x->lparent[n] = parent;
        return n;
}

/* The parent to log for a position put off below frame f: the last marked frame above it, logged on
 * demand, so that the line to it is found again in short links (one from the root through 77 moves
 * took 2.7 million tries; strict+double deal 7). Frames 15, 31, 47, ... are marked. */
#define MARK_EVERY 16
static uint32_t mark(Ctx *x, int f) {
    int m = f / MARK_EVERY * MARK_EVERY - 1; /* the last marked frame before f */
    if (m < 0) return x->from;
    if (!x->frame_log[m]) {
        uint32_t parent = mark(x, m);
        if (x->overflow) return 0;
        x->frame_log[m] = log_add(x, x->frame_key[m], x->frame_idx[m], parent);
    }
    return x->frame_log[m];
}

/* Put the position off to a later step, wait steps on (DUE_AHEAD at most): logged (unless it is the one
 * the step went on from, which is logged already) and listed for that step. Past the log's size the
 * search stops (overflow). */
static void defer(Ctx *x, uint64_t key, int idx, int depth, int wait) {
    uint32_t n = x->from;
    if (depth) {
        uint32_t parent = mark(x, x->frames - 1);
        if (!x->overflow) n = log_add(x, key, idx, parent);
        if (x->overflow) return;
    }
    if (wait > DUE_AHEAD) wait = DUE_AHEAD; /* the lists ahead hold as many steps */
    if (wait > 1) { /* due past the next step */
        int k = ((x->step + wait) % DUE_AHEAD + DUE_AHEAD) % DUE_AHEAD;
        if (!grow_u32(&x->ahead[k], &x->capahead[k], x->nahead[k] + 1)) {
            x->overflow = x->stop = x->aborted = 1;
            return;
        }
        x->ahead[k][x->nahead[k]++] = n;
        return;
    }
    if (!grow_u32(&x->next, &x->capnext, x->nnext + 1)) {
        x->overflow = x->stop = x->aborted = 1;
        return;
    }
    x->next[x->nnext++] = n;
}

/* A key's digit k of column c, taken off it: k % (full[c] + 1) in *digit, and the rest of k returned;
 * by a multiplication, the quotient a little low and put right (a division took a fifth of restore). */
static inline uint64_t over_radix(const Ctx *x, int c, uint64_t k, int *digit) {
#ifdef __SIZEOF_INT128__
    uint64_t d = (uint64_t)x->full[c] + 1, q = (uint64_t)(((unsigned __int128)k * x->full_inv[c]) >> 64);
#else /* no 128-bit product: divide */
    uint64_t d = (uint64_t)x->full[c] + 1, q = k / d;
#endif
    uint64_t r = k - q * d;
    if (r >= d) {
        q++;
        r -= d;
    }
    *digit = (int)r;
    return q;
}

/* The heights, counts and top of a position from its key; its cards left. */
static int restore(Ctx *x, uint64_t key, int *top) {
    uint64_t k = key / 15;
    int left = 0;
    *top = (int)(key % 15);
    memset(x->cnt, 0, sizeof x->cnt);
    for (int c = 0; c < x->ncols; c++) {
        int h;
        k = over_radix(x, c, k, &h);
        x->height[c] = h;
        left += h;
        for (int j = 0; j < h; j++) x->cnt[x->cards[c][j]]++;
    }
    return left;
}

/* ---- the walks back ---------------------------------------------------------------------------- */
/* The fringe search's question, "can the tableau be cleared with at most u stock cards turned?", asked
 * from the other end too: the positions that clear are found backwards from the cleared tableau (see
 * back_go), and the step's positions with enough stock turned are answered from them (see back_clears)
 * instead of being searched on. A position is its column heights and top, as in the search; its worth is
 * the most stock cards it may have turned and still clear (with fewer it clears too: it turns the
 * difference at once). The position before one of worth j in its walk, the top card put back on its
 * column under any card it may go onto, has worth j too; and the heights from which a walk of stock card
 * j' <= j begins with that card clear from any position with j' - 1 turned (turning on): the heights'
 * worth, that of every position on them. Positions are taken by worth, the highest first, each once, so
 * that once every position of worth j is taken, the worths of j and more are all known: the positions
 * the step reaches with j or more turned are answered exactly. Only positions the start can reach matter:
 * the cards above their heights must be playable, each onto a card of adjacent rank played before, the
 * start's top or a stock card turned by then (deficit on them: see back_reach). That rules out nearly all
 * of them, where the bound, asked the same question forwards, rules out few, so the two directions
 * complement each other: on strict+double deal 79, "no line scores -11" takes the search 26 million
 * positions forwards and 5,051 backwards; deal 35's proof takes 7.3 million forwards, mostly with 15
 * to 21 cards turned, and backwards the positions of worth 16 and more are 1.1 million. The step runs
 * both, the walks back a turn ahead (see back_turn). */
#define BACK_VAL 48                      /* a slot: the key plus one, and its value from this bit up */
#define BACK_KEYS ((1ULL << BACK_VAL) - 1)
#define BACK_TAKEN 0x8000                /* a position's value: its worth plus one, and this once taken */
typedef struct {
    uint64_t *slot;
    uint64_t mask, used;
} BackTable;

typedef struct Back {
    int u;         /* clearing with at most u stock cards turned */
    int j;         /* the worth being taken: every position of a higher worth is taken */
    int clear;     /* the start clears */
    int top0;      /* the start's top */
    uint64_t start; /* the start's heights (its key less the top) */
    uint64_t states;
    BackTable pos;     /* a position's key: its worth plus one, BACK_TAKEN once taken */
    BackTable heights; /* the heights' key: their worth plus one, and from bit 8 the fewest turns reaching them */
    uint64_t *stack[MAXS + 1]; /* the positions to take, by worth */
    uint64_t nstack[MAXS + 1], capstack[MAXS + 1];
    unsigned char lastadj[NRANK][MAXS + 1]; /* the last stock card j' <= j (1-based) that rank r goes onto */
    unsigned char *rest; /* the ranks of column c from height h up: rest[(c * (hmax + 1) + h) * NRANK + r] */
    unsigned onto_turned[MAXS + 1]; /* the ranks that go onto the start's top or the first k stock cards */
} Back;

static int back_table_new(BackTable *t) {
    t->mask = (1u << 12) - 1;
    t->used = 0;
    t->slot = (uint64_t *)calloc(t->mask + 1, sizeof *t->slot);
    return t->slot != NULL;
}

/* The slot of key: its own, or the empty one it would go into. */
static inline uint64_t back_slot(const BackTable *t, uint64_t key) {
    uint64_t k = key + 1, j = hash64(k) & t->mask;
    while (t->slot[j] && (t->slot[j] & BACK_KEYS) != k) j = (j + 1) & t->mask;
    return j;
}

static inline int back_get(const BackTable *t, uint64_t key) {
    return (int)(t->slot[back_slot(t, key)] >> BACK_VAL);
}

/* The slot of key, made with the value 0 if new; UINT64_MAX without memory. */
static uint64_t back_find(BackTable *t, uint64_t key) {
    uint64_t j = back_slot(t, key);
    if (t->slot[j]) return j;
    if ((t->used + 1) * 2 > t->mask + 1) {
        uint64_t size = (t->mask + 1) * 2, *fresh = (uint64_t *)calloc(size, sizeof *fresh);
        if (!fresh) return UINT64_MAX;
        BackTable g = {fresh, size - 1, t->used};
        for (uint64_t i = 0; i <= t->mask; i++)
            if (t->slot[i]) g.slot[back_slot(&g, (t->slot[i] & BACK_KEYS) - 1)] = t->slot[i];
        free(t->slot);
        *t = g;
        j = back_slot(t, key);
    }
    t->slot[j] = key + 1;
    t->used++;
    return j;
}

static inline void back_set(BackTable *t, uint64_t j, int v) {
    t->slot[j] = (t->slot[j] & BACK_KEYS) | (uint64_t)v << BACK_VAL;
}

static void back_free(Back *b) {
    if (!b) return;
    free(b->pos.slot);
    free(b->heights.slot);
    for (int j = 0; j <= MAXS; j++) free(b->stack[j]);
    free(b->rest);
    free(b);
}

/* The walks back for clearing with at most u stock cards turned, from the start (key, top0); NULL
 * without memory. */
/* Do the start's positions fit the walks back's slots (keys below 2^48: far beyond any real deal, whose
 * two-deck keys take 31 bits)? */
static int back_fits(const Ctx *x) {
    uint64_t keys = 15;
    for (int c = 0; c < x->ncols; c++)
        if (__builtin_mul_overflow(keys, (uint64_t)x->full[c] + 1, &keys) || keys > BACK_KEYS) return 0;
    return 1;
}

static Back *back_new(const Ctx *x, uint64_t key, int top0, int u) {
    Back *b = (Back *)calloc(1, sizeof *b);
    if (!b) return NULL;
    b->u = b->j = u;
    b->top0 = top0;
    b->start = key - (uint64_t)top0;
    for (int r = 0; r < NRANK; r++)
        for (int j = 1; j <= u; j++)
            b->lastadj[r][j] = x->adj[x->stock[j - 1]][r] ? (unsigned char)j : b->lastadj[r][j - 1];
    b->onto_turned[0] = x->onto[top0];
    for (int j = 1; j <= u; j++) b->onto_turned[j] = b->onto_turned[j - 1] | x->onto[x->stock[j - 1]];
    size_t per = (size_t)(x->hmax + 1) * NRANK;
    b->rest = (unsigned char *)calloc((size_t)x->ncols * per + NRANK, 1);
    if (!b->rest || !back_table_new(&b->pos) || !back_table_new(&b->heights)) {
        back_free(b);
        return NULL;
    }
    for (int c = 0; c < x->ncols; c++)
        for (int h = x->full[c] - 1; h >= 0; h--) {
            unsigned char *r = b->rest + c * per + (size_t)h * NRANK;
            memcpy(r, r + NRANK, NRANK);
            r[x->cards[c][h]]++;
        }
    return b;
}

/* Can every card above heights h be played with k stock cards turned at most, each once every card above
 * it in its column is and some card it goes onto is played, or is the start's top or a stock card turned
 * (as bound_plain finds the cards never played)? */
static int back_playable(const Ctx *x, const Back *b, const int *h, int k) {
    unsigned ok = b->onto_turned[k];
    int i[MAXC], pending = 0;
    for (int c = 0; c < x->ncols; c++) {
        i[c] = x->full[c];
        pending += i[c] > h[c];
    }
    for (int changed = 1; changed && pending;) {
        changed = 0;
        for (int c = 0; c < x->ncols; c++) {
            int at = i[c];
            while (at > h[c] && (ok >> x->cards[c][at - 1] & 1)) ok |= x->onto[x->cards[c][--at]];
            if (at != i[c]) {
                changed = 1;
                pending -= (i[c] = at) == h[c];
            }
        }
    }
    return !pending;
}

/* The fewest stock cards turned with which every card above heights h may be played, as far as the
 * start's matching (see deficit) and back_playable tell; u + 1 if not even with u. */
static int back_reach(const Ctx *x, const Back *b, const int *h) {
    int cnt[NRANK] = {0}, starts[NRANK];
    for (int c = 0; c < x->ncols; c++) {
        const unsigned char *r = b->rest + ((size_t)c * (x->hmax + 1) + (size_t)h[c]) * NRANK;
        for (int q = 0; q < NRANK; q++) cnt[q] += r[q];
    }
    int lo = 0, hi = b->u + 1; /* the least k in lo .. hi that matches them all (hi: none) */
    while (lo < hi) {
        int k = (lo + hi) / 2;
        window(x, 0, k, starts);
        if (deficit(x, cnt, starts, b->top0) || !back_playable(x, b, h, k))
            lo = k + 1;
        else
            hi = k;
    }
    return lo;
}

static int back_push(Back *b, int j, uint64_t key) {
    if (b->nstack[j] == b->capstack[j]) {
        uint64_t cap = b->capstack[j] ? b->capstack[j] * 2 : 256;
        uint64_t *s = (uint64_t *)realloc(b->stack[j], cap * sizeof *s);
        if (!s) return 0;
        b->stack[j] = s;
        b->capstack[j] = cap;
    }
    b->stack[j][b->nstack[j]++] = key;
    return 1;
}

/* The position of key has worth j at least. 0 without memory. */
static int back_raise(Back *b, uint64_t key, int j) {
    uint64_t s = back_find(&b->pos, key);
    if (s == UINT64_MAX) return 0;
    int v = (int)(b->pos.slot[s] >> BACK_VAL);
    if (v & BACK_TAKEN || v > j) return 1;
    back_set(&b->pos, s, j + 1);
    return back_push(b, j, key);
}

/* The heights' entry (made if new: -1 without memory): the fewest turns reaching them; their worth in
 * *worth (-1: none yet). */
static int back_heights_of(const Ctx *x, Back *b, uint64_t hkey, const int *h, int *worth) {
    uint64_t s = back_find(&b->heights, hkey);
    if (s == UINT64_MAX) return -1;
    int v = (int)(b->heights.slot[s] >> BACK_VAL);
    if (!v) back_set(&b->heights, s, v = back_reach(x, b, h) << 8 | 0x4000); /* 0x4000: made */
    *worth = (v & 0xff) - 1;
    return (v >> 8) & 0x3f;
}

/* The heights (hkey, h, reached with `reach` turns at the fewest) clear from any position with at most j
 * stock cards turned, and so do the positions on them whose top is a card played last from a column
 * (unless the start cannot reach them so: then they would only be taken to be ruled out). 0 without
 * memory. */
static int back_heights(const Ctx *x, Back *b, uint64_t hkey, const int *h, int reach, int j) {
    uint64_t s = back_slot(&b->heights, hkey);
    int v = (int)(b->heights.slot[s] >> BACK_VAL);
    if ((v & 0xff) - 1 >= j) return 1;
    back_set(&b->heights, s, (v & ~0xff) | (j + 1));
    if (reach > j) return 1;
    for (int d = 0; d < x->ncols; d++)
        if (h[d] < x->full[d] && !back_raise(b, hkey + x->cards[d][h[d]], j)) return 0;
    return 1;
}

/* A position of worth j taken: the positions before it that the start may reach with j turned at most
 * (the others would be taken only to be ruled out). 0 without memory. */
static int back_take(const Ctx *x, Back *b, uint64_t key, int j) {
    int h[MAXC], top, worth;
    uint64_t k = key / 15;
    top = (int)(key % 15);
    for (int c = 0; c < x->ncols; c++) k = over_radix(x, c, k, &h[c]);
    uint64_t hkey = key - (uint64_t)top;
    for (int c = 0; c < x->ncols && !b->clear; c++) {
        if (h[c] >= x->full[c] || x->cards[c][h[c]] != top) continue;
        /* the top came from column c: put back */
        uint64_t pkey = hkey + x->wcol[c];
        h[c]++;
        if (pkey == b->start) { /* the start: its first play, or it turns and goes on */
            if (x->adj[b->top0][top] || b->lastadj[top][j]) b->clear = 1;
            return 1;
        }
        uint64_t before[MAXC];
        int n = 0;
        for (int d = 0; d < x->ncols; d++) /* the positions before: their slots asked for ahead */
            if (h[d] < x->full[d] && x->adj[x->cards[d][h[d]]][top]) {
                uint64_t p = pkey + x->cards[d][h[d]];
                if (n && before[n - 1] == p) continue;
                before[n++] = p;
                __builtin_prefetch(&b->pos.slot[hash64(p + 1) & b->pos.mask]);
            }
        int reach = back_heights_of(x, b, pkey, h, &worth);
        if (reach < 0) return 0;
        if (reach <= j) {
            for (int i = 0; i < n; i++)
                if (!back_raise(b, before[i], j)) return 0;
            int jj = b->lastadj[top][j]; /* the walk of stock card jj may begin with it */
            if (jj && !back_heights(x, b, pkey, h, reach, jj - 1)) return 0;
        }
        h[c]--;
    }
    return 1;
}

/* Takes positions until past upto positions in all (0: no limit), or until the start clears or none is
 * left: 1 (it clears), 0 (it does not), -1 (paused), -2 (out of memory). */
static int back_go(const Ctx *x, Back *b, uint64_t upto) {
    if (b->clear) return 1;
    if (b->j == b->u && !b->states && !b->nstack[b->u]) { /* first: the cleared tableau, with u turned */
        int h[MAXC] = {0}, worth, reach = back_heights_of(x, b, 0, h, &worth);
        if (reach < 0 || !back_heights(x, b, 0, h, reach, b->u)) return -2;
    }
    for (; b->j >= 0; b->j--) {
        int j = b->j;
        while (b->nstack[j]) {
            if (b->clear) return 1;
            if (upto && b->states >= upto) return -1;
            uint64_t key = b->stack[j][--b->nstack[j]];
            uint64_t s = back_slot(&b->pos, key);
            if ((int)(b->pos.slot[s] >> BACK_VAL) != j + 1) continue; /* taken already, or worth more */
            back_set(&b->pos, s, (j + 1) | BACK_TAKEN);
            b->states++;
            if (!back_take(x, b, key, j)) return -2;
        }
        if (b->clear) return 1;
    }
    return 0;
}

/* The least worth from which every position's is known: positions with that many stock cards turned
 * or more are answered exactly. */
static inline int back_known(const Back *b) {
    return b->j < 0 ? 0 : b->j + 1;
}

/* Does the position (key, top, its heights in x->height) clear with idx stock cards turned, as far as the
 * worths found go (exactly when idx >= back_known)? Its own worth, its heights', or one of its plays'. */
static int back_clears(const Ctx *x, const Back *b, uint64_t key, int top, int idx) {
    uint64_t hkey = key - (uint64_t)top;
    if (!hkey) return idx <= b->u;
    if ((back_get(&b->heights, hkey) & 0xff) - 1 >= idx) return 1;
    if ((back_get(&b->pos, key) & 0xff) - 1 >= idx) return 1;
    for (int c = 0; c < x->ncols; c++) {
        int h = x->height[c];
        if (!h || !x->adj[top][x->cards[c][h - 1]]) continue;
        uint64_t child = hkey - x->wcol[c];
        if (!child) return idx <= b->u;
        if ((back_get(&b->pos, child + x->cards[c][h - 1]) & 0xff) - 1 >= idx) return 1;
    }
    return 0;
}

/* The line on from a position that clears (its heights in h, changed on the way): each play that clears
 * with the cards turned so far, else a turn (every worth found is a line's, so one of them always does).
 * In out (room bytes at most): its length, and the stock cards turned at its end in *idx; -1 if lost. */
static int back_line(const Ctx *x, const Back *b, int *h, int top, int *idx, unsigned char *out, int room) {
    uint64_t hkey = 0;
    int left = 0, len = 0;
    for (int c = 0; c < x->ncols; c++) {
        hkey += x->wcol[c] * (uint64_t)h[c];
        left += h[c];
    }
    while (left) {
        if (len >= room) return -1;
        int c = 0;
        for (; c < x->ncols; c++) {
            if (!h[c] || !x->adj[top][x->cards[c][h[c] - 1]]) continue;
            uint64_t child = hkey - x->wcol[c];
            int r = x->cards[c][h[c] - 1];
            if (!child ? *idx <= b->u
                       : (back_get(&b->pos, child + (uint64_t)r) & 0xff) - 1 >= *idx ||
                             (back_get(&b->heights, child) & 0xff) - 1 >= *idx)
                break;
        }
        if (c < x->ncols) {
            top = x->cards[c][--h[c]];
            hkey -= x->wcol[c];
            left--;
            out[len++] = (unsigned char)c;
        } else {
            if (*idx >= b->u) return -1;
            top = x->stock[(*idx)++];
            out[len++] = TURN;
        }
    }
    return len;
}

typedef struct {
    uint64_t *key; /* key * 128 + idx, plus one (0: empty) */
    uint64_t mask, used, nodes;
    int anywhere; /* through positions the search has not reached too (see line_to) */
} LinkSet;

static int link_new(LinkSet *s, uint64_t key, int idx) {
    uint64_t k = (key << 7 | (uint64_t)idx) + 1, j = hash64(k) & s->mask;
    while (s->key[j]) {
        if (s->key[j] == k) return 0;
        j = (j + 1) & s->mask;
    }
    s->key[j] = k;
    return ++s->used * 2 <= s->mask + 1; /* full: give up (the caller falls back) */
}

/* 1 if some column's top card may be played onto top (then the stock may not be turned, F_STUCK). */
static int playable(const Ctx *x, int top) {
    for (int c = 0; c < x->ncols; c++)
        if (x->height[c] && x->adj[top][x->cards[c][x->height[c] - 1]]) return 1;
    return 0;
}

/* Moves from the current position to the one of key goal_key with goal_idx cards turned, taking no card
 * below it (goal_h) and no position the search has not reached (every position on the line that led
 * there was): its depth, with the moves in x->path from depth on; -1 if not found. With draws only
 * when stuck it turns the stock only where no card can be played. */
static int link_walk(Ctx *x, LinkSet *s, uint64_t key, int idx, int top, uint64_t goal_key, int goal_idx,
                     const int *goal_h, int depth) {
    if (key == goal_key && idx == goal_idx) return depth;
    if (depth >= MAXD || ++s->nodes > LINK_NODES || (!s->anywhere && !table_seen(x, key, idx)) ||
        !link_new(s, key, idx))
        return -1;
    for (int c = 0; c < x->ncols; c++) {
        int h = x->height[c];
        if (h <= goal_h[c] || !x->adj[top][x->cards[c][h - 1]]) continue;
        int r = x->cards[c][h - 1];
        x->height[c]--;
        x->path[depth] = (unsigned char)c;
        int got = link_walk(x, s, key - x->wcol[c] - (uint64_t)top + (uint64_t)r, idx, r, goal_key, goal_idx,
                            goal_h, depth + 1);
        x->height[c]++;
        if (got >= 0) return got;
    }
    if (idx < goal_idx && !((x->flags & F_STUCK) && playable(x, top))) {
        int r = x->stock[idx];
        x->path[depth] = TURN;
        return link_walk(x, s, key + x->widx - (uint64_t)top + (uint64_t)r, idx + 1, r, goal_key, goal_idx, goal_h,
                         depth + 1);
    }
    return -1;
}

/* The line from the start to logged position f, in out (MAXD bytes): its length, or -1 if a link could
 * not be found again (a visited set past its memory cap forgets positions). */
static int line_to(Ctx *x, uint32_t f, unsigned char *out) {
    uint32_t chain[MAXD];
    int n = 0, len = 0;
    for (uint32_t g = f; g; g = x->lparent[g]) {
        if (n == MAXD) return -1;
        chain[n++] = g;
    }
    LinkSet s;
    s.key = (uint64_t *)calloc(LINK_NODES * 2, sizeof *s.key);
    if (!s.key) return -1;
    s.mask = LINK_NODES * 2 - 1;
    for (int i = n - 1; i >= 0; i--) {
        uint32_t p = x->lparent[chain[i]], c = chain[i];
        int top, goal_h[MAXC];
        restore(x, x->lkey[c], &top);
        memcpy(goal_h, x->height, sizeof goal_h);
        restore(x, x->lkey[p], &top);
        int got = -1;
        for (s.anywhere = 0; got < 0 && s.anywhere < 2; s.anywhere++) {
            memset(s.key, 0, (s.mask + 1) * sizeof *s.key);
            s.used = s.nodes = 0;
            restore(x, x->lkey[p], &top);
            got = link_walk(x, &s, x->lkey[p], x->lidx[p], top, x->lkey[c], x->lidx[c], goal_h, 0);
        }
        if (got < 0 || len + got > MAXD) {
            len = -1;
            break;
        }
        memcpy(out + len, x->path, (size_t)got);
        len += got;
    }
    free(s.key);
    return len;
}

/* In out (2 * MAXD bytes): the line to logged position f, then path (plen moves) to a position scoring
 * value with idx stock cards turned; its length, or -1 if it could not be found again. */
static int fringe_line(Ctx *x, uint32_t f, const unsigned char *path, int plen, int idx, int value,
                       unsigned char *out) {
    int len = out ? line_to(x, f, out) : -1;
    if (len < 0 || len + plen + x->S > 2 * MAXD) return -1;
    memcpy(out + len, path, (size_t)plen);
    len += plen;
    if (value > 0) /* past that position no card can ever be played: turn the rest */
        for (int j = idx; j < x->S; j++) out[len++] = TURN;
    return len;
}

/* The cards left in the tableau at a key. */
static int key_left(const Ctx *x, uint64_t key) {
    uint64_t k = key / 15;
    int left = 0;
    for (int c = 0; c < x->ncols; c++) {
        int h;
        k = over_radix(x, c, k, &h);
        left += h;
    }
    return left;
}

/* A step's positions in the order to go on from them: fewest cards left in the tableau and turned from
 * the stock together first, in the order put off among equals (a stable counting sort). 0: out of memory.
 * Cards the tableau and the stock have not yet lost: the fewer, the closer a clearing line, and the
 * step that finds the line finds it sooner (strict+double deals 1-40: 259.4M -> 243.9M positions; on
 * deals 1, 2, 4, 7, 13, 16, 19 and 26, the fringe search alone: 61.2M -> 56.2M, fewest cards left alone
 * 58.2M, fewest turned first 65.0M). The time saved is less: those positions are mostly late in a hole,
 * where a position costs least (strict+double deals 1-200 within 1 s: 107 -> 114, docs/solver.md). */
static int order_step(Ctx *x) {
    uint32_t n = x->ncur, count[256] = {0};
    if (n < 2) return 1;
    unsigned char *rank = (unsigned char *)malloc(n);
    if (!rank || !grow_u32(&x->next, &x->capnext, n)) {
        free(rank);
        return 0;
    }
    for (uint32_t i = 0; i < n; i++) {
        uint32_t f = x->cur[i];
        int v = key_left(x, x->lkey[f]) + x->lidx[f];
        rank[i] = (unsigned char)(v < 255 ? v : 255);
        count[rank[i]]++;
    }
    for (uint32_t v = 0, at = 0; v < 256; v++) {
        uint32_t c = count[v];
        count[v] = at;
        at += c;
    }
    for (uint32_t i = 0; i < n; i++) x->next[count[rank[i]]++] = x->cur[i];
    free(rank);
    uint32_t *t = x->cur, cap = x->capcur;
    x->cur = x->next;
    x->capcur = x->capnext;
    x->next = t;
    x->capnext = cap;
    return 1;
}

/* The positions put off to later steps that are due in this one, added to its list in the order put off.
 * 0: out of memory. */
static int take_due(Ctx *x) {
    int k = (x->step % DUE_AHEAD + DUE_AHEAD) % DUE_AHEAD;
    uint32_t n = x->nahead[k];
    if (!n) return 1;
    if (!grow_u32(&x->cur, &x->capcur, x->ncur + n)) return 0;
    memcpy(x->cur + x->ncur, x->ahead[k], (size_t)n * sizeof *x->cur);
    x->ncur += n;
    x->nahead[k] = 0;
    return 1;
}

enum { FRINGE_FOUND, FRINGE_PROVEN, FRINGE_CUT };

/* The walks back take their turn in the step under way: as many positions as the step has searched
 * forwards, after a head start of BACK_LEAD, within the run's limit and BACK_SLOTS of memory. They may
 * prove the step has no line (back_none) or find that the start clears (back_found); either stops the
 * search under way. Out of memory, they are dropped and the step goes on without them. */
#define BACK_LEAD 1024
#define BACK_PACE 1 /* ... then BACK_PACE positions back for every BACK_PER the step searches forwards */
#define BACK_PER 2
#define BACK_EVERY 1024 /* positions searched forwards between two turns */
#define BACK_SLOTS (1ULL << 24) /* either table this large (128 MB), the walks back take no more */
static void back_turn(Ctx *x) {
    Back *b = x->back;
    uint64_t upto = BACK_LEAD + x->fwd_step * BACK_PACE / BACK_PER;
    if (x->limit) { /* half of what the run has left at most, so that a run cut short still has a line */
        uint64_t room = x->limit > x->states ? (x->limit - x->states) / 2 : 0;
        if (upto > b->states + room) upto = b->states + room;
    }
    if (b->pos.mask + 1 >= BACK_SLOTS || b->heights.mask + 1 >= BACK_SLOTS) upto = b->states;
    x->back_at = x->fwd_step + BACK_EVERY;
    if (upto <= b->states) return;
    uint64_t before = b->states;
    int got = back_go(x, b, upto);
    x->states += b->states - before;
    x->back_to = back_known(b);
    if (got == 1)
        x->back_found = x->stop = 1;
    else if (got == 0)
        x->back_none = x->stop = 1;
    else if (got == -2) {
        back_free(b);
        x->back = NULL;
    }
}

/* A position with back_to or more stock cards turned, answered from the walks back: put off to the next
 * step if it does not clear; if it does, the line to it and on from it is the best (x->best_path). 0 if
 * the line on could not be found (never: the search then goes on from it). */
static int back_answers(Ctx *x, uint64_t key, int idx, int top, int depth) {
    if (!back_clears(x, x->back, key, top, idx)) {
        defer(x, key, idx, depth, 1);
        return 1;
    }
    int h[MAXC], end = idx;
    memcpy(h, x->height, sizeof h);
    int n = back_line(x, x->back, h, top, &end, x->best_path + depth, MAXD - depth);
    if (n < 0) return 0;
    memcpy(x->best_path, x->path, (size_t)depth);
    x->best = -(x->S - end);
    x->best_idx = end;
    x->best_len = depth + n;
    x->stop = 1;
    return 1;
}

/* The walks back found that the start clears: its line from them, from logged position 0 (1), or 0 if
 * it could not be found (never: the step then goes on without them). */
static int back_found_line(Ctx *x) {
    frames_forget(x);
    x->stop = x->back_found = 0;
    int h[MAXC], end = 0;
    memcpy(h, x->full, sizeof h);
    int n = back_line(x, x->back, h, (int)(x->lkey[0] % 15), &end, x->best_path, MAXD);
    if (n < 0) {
        back_free(x->back);
        x->back = NULL;
        return 0;
    }
    x->from = 0;
    x->best = -(x->S - end);
    x->best_idx = end;
    x->best_len = n;
    return 1;
}

/* The next step's list becomes the one gone through, from its first position; the list gone through,
 * emptied, gathers the step after. */
static void next_list(Ctx *x) {
    uint32_t *t = x->cur, cap = x->capcur;
    x->cur = x->next;
    x->capcur = x->capnext;
    x->ncur = x->nnext;
    x->next = t;
    x->capnext = cap;
    x->nnext = x->pos = 0;
}

/* The walks back proved the step has no line. Before any position of it was gone on from, its positions
 * go to the next step as they are; after, the search starts over from the start in the next step, as if
 * its first run had been asked to start there: a position searched in part when the walks back stopped
 * it would be searched again from the start differently (the positions below it known already), and the
 * links of the lines to those put off below it could not be found again. 0 out of memory. */
static int back_skip(Ctx *x) {
    x->back_none = x->stop = 0;
    if (x->fwd_step) {
        frames_forget(x);
        if (!table_new(x)) return 0;
        table_insert(x, x->lkey[0], 0);
        x->ln = 1;
        x->cur[0] = 0;
        x->ncur = 1;
        x->nnext = 0;
        for (int k = 0; k < DUE_AHEAD; k++) x->nahead[k] = 0;
        x->seen_min = INT32_MAX;
    } else {
        uint32_t n = x->ncur - x->pos;
        if (!grow_u32(&x->next, &x->capnext, x->nnext + n)) return 0;
        memcpy(x->next + x->nnext, x->cur + x->pos, (size_t)n * sizeof *x->cur);
        x->nnext += n;
        next_list(x);
    }
    x->pos = 0;
    x->step++;
    return take_due(x) && order_step(x);
}

static int fringe_steps(Ctx *x, int best) {
    for (;;) {
        int T = x->step;
        if (T >= best) return FRINGE_PROVEN;
        if (x->seen_min <= T) { /* reached in an earlier step */
            x->best = x->seen_min;
            x->best_idx = x->seen_idx;
            x->best_len = x->seen_len;
            x->from = x->seen_from;
            memcpy(x->best_path, x->seen_path, (size_t)x->seen_len);
            return FRINGE_FOUND;
        }
        x->best = T + 1;
        x->stop_value = T;
        x->best_idx = -1;
        if (x->back_step != T) { /* the step's walks back (see back_turn) */
            x->back_none = 0;
            x->back_step = T;
            back_free(x->back);
            x->back = NULL;
            x->fwd_step = x->back_at = 0;
            x->back_to = INT32_MAX;
            if ((x->flags & F_BACK) && T <= 0 && x->S + T >= 0 && back_fits(x))
                x->back = back_new(x, x->lkey[0], (int)(x->lkey[0] % 15), x->S + T); /* NULL: without */
        }
        if (x->back && x->fwd_step >= x->back_at) { /* their head start, or their turn on going on */
            back_turn(x);
            x->stop = 0;
            if (x->back_found && back_found_line(x)) return FRINGE_FOUND;
        }
        while (x->pos < x->ncur) {
            if (x->back_none) break;
            uint32_t f = x->cur[x->pos];
            if (x->pos + 1 < x->ncur) { /* the next one's log entry, while this one is searched */
                __builtin_prefetch(&x->lkey[x->cur[x->pos + 1]]);
                __builtin_prefetch(&x->lidx[x->cur[x->pos + 1]]);
            }
            int top, left = restore(x, x->lkey[f], &top);
            x->from = f;
            x->frames = 0;
            expand(x, x->lkey[f], x->lidx[f], top, left, 0);
            if (x->stop && x->back_found) {
                if (back_found_line(x)) return FRINGE_FOUND;
                continue; /* this position again, without them */
            }
            if (x->stop && x->back_none) break;
            if (x->stop) {
                if (!x->aborted) return FRINGE_FOUND;
                frames_forget(x);
                return FRINGE_CUT;
            }
            x->pos++;
        }
        if (x->back_none) { /* the walks back proved the step has no line */
            if (!back_skip(x)) {
                x->overflow = 1;
                return FRINGE_CUT;
            }
            continue;
        }
        next_list(x);
        x->step++;
        if (!take_due(x) || !order_step(x)) {
            x->overflow = 1;
            return FRINGE_CUT;
        }
    }
}

/* ---- the Python face ------------------------------------------------------------------------- */

static void ctx_free(Ctx *x) {
    if (x) {
        if (x->partner) x->partner->partner = NULL;
        slots_free(x->table, x->mask + 1, x->width);
        free(x->pre);
        free(x->line_runs);
        free(x->lkey);
        free(x->lidx);
        free(x->lparent);
        free(x->cur);
        free(x->next);
        for (int k = 0; k < DUE_AHEAD; k++) free(x->ahead[k]);
        known_free(x->known);
        known_free(x->second_known);
        back_free(x->back);
        free(x);
    }
}

/* The tables of runs on the lines of ranks (see blocked and Ctx.line_runs); 0 without memory. */
static int runs_new(Ctx *x) {
    for (int c = 0; c < x->ncols; c++)
        if (x->height[c] > x->hmax) x->hmax = x->height[c];
    int zlo = x->flags & F_WRAP ? 1 : 0, zhi = x->flags & F_WRAP ? 13 : 0;
    x->line_runs = (unsigned char *)calloc((size_t)(zhi + 1) * (size_t)x->ncols * runs_column(x), 1);
    if (!x->line_runs) return 0;
    for (int z = zlo; z <= zhi; z++)
        for (int c = 0; c < x->ncols; c++) {
            unsigned char *e = runs_table(x, z, c);
            for (int i = 0, below = -1; i < x->height[c]; i++, e += 32) {
                int r = x->cards[c][i], p = -1; /* the card's position on the line (-1: not on it) */
                if (r >= 1 && r <= 13 && r != z) p = z ? (r - z + 12) % 13 : r - 1;
                for (int t = 0; t < 16; t++) { /* a run starts here if the card below it is not one of them */
                    e[32 + t] = (unsigned char)(e[t] + (p >= 0 && p < t && !(below >= 0 && below < t)));
                    e[48 + t] = (unsigned char)(e[16 + t] + (p > t && !(below > t)));
                }
                below = p;
            }
        }
    return 1;
}

/* A context for the position (no visited set yet), its start key in *key and its tableau cards in *left;
 * NULL with a Python error set when the position does not fit. */
static Ctx *ctx_new(PyObject *columns, Py_buffer *stock, int top, Py_buffer *adj, int flags, uint64_t *key,
                    int *left) {
    Ctx *x = (Ctx *)calloc(1, sizeof(Ctx));
    if (!x) {
        PyErr_NoMemory();
        return NULL;
    }
    Py_ssize_t ncols = PyTuple_GET_SIZE(columns);
    if (ncols < 1 || ncols > MAXC || stock->len >= MAXS || adj->len != 15 * NRANK || top < 0 || top > NOTOP) {
        PyErr_SetString(PyExc_ValueError, "position too large for the kernel");
        goto fail;
    }
    x->ncols = (int)ncols;
    x->S = (int)stock->len;
    x->flags = flags;
    memcpy(x->stock, stock->buf, (size_t)stock->len);
    memcpy(x->adj, adj->buf, 15 * NRANK);
    for (int p = 0; p <= NOTOP; p++)
        for (int r = 0; r < NRANK; r++)
            if (x->adj[p][r]) x->onto[p] |= 1u << r;
    for (int r = 0; r < NRANK; r++)
        for (int q = 0; q < NRANK; q++)
            if (x->adj[q][r]) x->under[r] |= 1u << q;
    routes_new(x);
    x->known_parent = -1;
    if (flags & F_LASTWALK) {
        x->known = known_alloc(1, LAST_WALK_NODES);
        if (!x->known) {
            PyErr_NoMemory();
            goto fail;
        }
    }
    *left = 0;
    uint64_t weight = 15; /* the top rank takes the lowest digit: radix 15 */
    *key = (uint64_t)top;
    for (int c = 0; c < x->ncols; c++) {
        PyObject *col = PyTuple_GET_ITEM(columns, c);
        if (!PyBytes_Check(col) || PyBytes_GET_SIZE(col) >= MAXH) {
            PyErr_SetString(PyExc_ValueError, "columns must be bytes of ranks");
            goto fail;
        }
        int h = (int)PyBytes_GET_SIZE(col);
        memcpy(x->cards[c], PyBytes_AS_STRING(col), (size_t)h);
        x->height[c] = h;
        x->full[c] = h;
        x->full_inv[c] = UINT64_MAX / ((uint64_t)h + 1);
        *left += h;
        x->wcol[c] = weight;
        *key += weight * (uint64_t)h;
        if (__builtin_mul_overflow(weight, (uint64_t)(h + 1), &weight)) {
            PyErr_SetString(PyExc_ValueError, "position too large for the kernel");
            goto fail;
        }
    }
    uint64_t keys;
    if (__builtin_mul_overflow(weight, (uint64_t)(x->S + 1), &keys) || keys >= (UINT64_MAX >> 2) ||
        *left + x->S >= MAXD) {
        PyErr_SetString(PyExc_ValueError, "position too large for the kernel");
        goto fail;
    }
    if (flags & F_STUCK) { /* the stock cards turned are part of the key */
        x->widx = weight;
        x->ibits = 0;
    } else { /* they are kept beside it, the fewest per key (see table_insert) */
        x->widx = 0;
        keys = weight;
        while ((1 << x->ibits) <= x->S) x->ibits++;
    }
    uint64_t most = (keys + 1) << x->ibits; /* every entry fits in 32 bits, or in 40 */
    x->width = most < UINT32_MAX ? 4 : most < MASK40 ? 5 : 8;
    for (int c = 0; c < x->ncols; c++)
        for (int i = 0; i < x->height[c]; i++) {
            int r = x->cards[c][i];
            if (r >= NRANK) {
                PyErr_SetString(PyExc_ValueError, "bad rank");
                goto fail;
            }
            x->cnt[r]++;
            x->below[c][i + 1] = x->below[c][i] | 1u << r;
            x->below_onto[c][i + 1] = x->below_onto[c][i] | x->onto[r];
        }
    if (!runs_new(x)) {
        PyErr_NoMemory();
        goto fail;
    }
    x->heights_too = x->ibits && top != NOTOP;
    x->pre = (int *)calloc((size_t)(x->S + 1) * NRANK, sizeof(int));
    if (!x->pre) {
        PyErr_NoMemory();
        goto fail;
    }
    for (int j = 0; j < x->S; j++) {
        if (x->stock[j] >= NRANK) {
            PyErr_SetString(PyExc_ValueError, "bad rank");
            goto fail;
        }
        memcpy(x->pre + (j + 1) * NRANK, x->pre + j * NRANK, NRANK * sizeof(int));
        x->pre[(j + 1) * NRANK + x->stock[j]]++;
    }
    return x;
fail:
    ctx_free(x);
    return NULL;
}

/* One search for lines scoring below best_init, stopping at the first scoring stop_value or less, or past
 * max_states positions (0: never): (score, line, states, complete), the score best_init when there is
 * none. The visited set is x's: what it holds (positions fully searched, none with a line below the best
 * of their search) stays true for any later search for lines below a best no higher, which can go on
 * from there; the positions a stopped search left unfinished are taken out of it. */
static PyObject *run(Ctx *x, uint64_t key, int top, int left, int best_init, int stop_value, uint64_t max_states) {
    x->best = best_init;
    x->stop_value = stop_value;
    x->best_idx = -1;
    x->limit = max_states;
    x->states = 0;
    x->walk_searches = x->walk_nodes = 0;
    x->plan_last = 0; /* the column plans begin with the first column in every run, as the Python twin does */
    x->stop = x->aborted = 0;
    x->frames = 0;
    x->trust = x->partner && !x->partner->busy && x->partner->table && x->partner->kept >= best_init;
    Py_BEGIN_ALLOW_THREADS
    dfs(x, key, 0, top, left, 0);
    if (x->stop)
        frames_forget(x);
    Py_END_ALLOW_THREADS
    PyObject *complete = x->aborted ? Py_False : Py_True;
    if (x->best_idx < 0) /* no line below best_init (or none found before giving up) */
        return Py_BuildValue("(iy#KO)", best_init, "", (Py_ssize_t)0, (unsigned long long)x->states, complete);
    /* Finish the line: past the best position no card can ever be played, so turn the rest. */
    int len = x->best_len;
    if (x->best > 0)
        for (int j = x->best_idx; j < x->S; j++) x->best_path[len++] = TURN;
    return Py_BuildValue("(iy#KO)", x->best, (const char *)x->best_path, (Py_ssize_t)len,
                         (unsigned long long)x->states, complete);
}

static void set_cap(Ctx *x, unsigned long long max_entries) {
    x->cap = 1024;
    while (x->cap < max_entries) x->cap *= 2;
}

static PyObject *kernel_search(PyObject *self, PyObject *args) {
    PyObject *columns;
    Py_buffer stock, adj;
    int top, flags, best_init, stop_value;
    unsigned long long max_entries, max_states;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!y*iy*iiiKK", &PyTuple_Type, &columns, &stock, &top, &adj, &flags,
                          &best_init, &stop_value, &max_entries, &max_states))
        return NULL;
    PyObject *result = NULL;
    uint64_t key;
    int left;
    Ctx *x = ctx_new(columns, &stock, top, &adj, flags, &key, &left);
    if (!x) goto done;
    set_cap(x, max_entries);
    if (!table_new(x)) {
        PyErr_NoMemory();
        goto done;
    }
    result = run(x, key, top, left, best_init, stop_value, max_states);
done:
    ctx_free(x);
    PyBuffer_Release(&stock);
    PyBuffer_Release(&adj);
    return result;
}

/* ---- Search: one position searched again and again, going on where the last search stopped ---------- */

typedef struct {
    PyObject_HEAD
    Ctx *x;
    uint64_t key;
    int top, left;
    int busy;
} SearchObject;

static int Search_init(SearchObject *self, PyObject *args, PyObject *kwds) {
    PyObject *columns;
    Py_buffer stock, adj;
    int top, flags;
    unsigned long long max_entries;
    (void)kwds;
    if (self->x) {
        PyErr_SetString(PyExc_RuntimeError, "Search is already set up");
        return -1;
    }
    if (!PyArg_ParseTuple(args, "O!y*iy*iK", &PyTuple_Type, &columns, &stock, &top, &adj, &flags, &max_entries))
        return -1;
    int rc = -1;
    self->x = ctx_new(columns, &stock, top, &adj, flags, &self->key, &self->left);
    if (self->x) {
        set_cap(self->x, max_entries);
        self->top = top;
        self->x->kept = INT32_MIN;
        rc = 0;
    }
    PyBuffer_Release(&stock);
    PyBuffer_Release(&adj);
    return rc;
}

static void Search_dealloc(SearchObject *self) {
    ctx_free(self->x);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Search_run(SearchObject *self, PyObject *args) {
    int best_init, stop_value;
    unsigned long long max_states;
    if (!PyArg_ParseTuple(args, "iiK", &best_init, &stop_value, &max_states)) return NULL;
    Ctx *x = self->x;
    if (!x || self->busy) {
        PyErr_SetString(PyExc_RuntimeError, x ? "Search is running" : "Search is not set up");
        return NULL;
    }
    if (best_init > x->kept || !x->table) { /* what the set holds is not true for this search */
        if (!table_new(x)) return PyErr_NoMemory();
    }
    self->busy = x->busy = 1;
    PyObject *result = run(x, self->key, self->top, self->left, best_init, stop_value, max_states);
    self->busy = x->busy = 0;
    x->kept = x->best;
    return result;
}

static PyObject *Search_share(SearchObject *self, PyObject *other) {
    if (!PyObject_TypeCheck(other, Py_TYPE(self)) || other == (PyObject *)self) {
        PyErr_SetString(PyExc_TypeError, "share takes another Search");
        return NULL;
    }
    Ctx *a = self->x, *b = ((SearchObject *)other)->x;
    if (!a || !b || a->partner || b->partner) {
        PyErr_SetString(PyExc_RuntimeError, "each Search shares with one other at most");
        return NULL;
    }
    a->partner = b;
    b->partner = a;
    Py_RETURN_NONE;
}

/* fringe(lower, best, max_states, second=False) -> (lower, score, line, states, status): the fringe
 * search, going on from its last run (the first starts at lower), with the second walks if asked. */
static PyObject *Search_fringe(SearchObject *self, PyObject *args) {
    int lower, best, second = 0;
    unsigned long long max_states;
    if (!PyArg_ParseTuple(args, "iiK|p", &lower, &best, &max_states, &second)) return NULL;
    Ctx *x = self->x;
    if (!x || self->busy) {
        PyErr_SetString(PyExc_RuntimeError, x ? "Search is running" : "Search is not set up");
        return NULL;
    }
    if (!x->lkey) { /* the first run: the start is logged as number 0 */
        if (!table_new(x)) return PyErr_NoMemory();
        x->lkey = (uint64_t *)malloc(1024 * sizeof *x->lkey);
        x->lidx = (unsigned char *)malloc(1024);
        x->lparent = (uint32_t *)malloc(1024 * sizeof *x->lparent);
        if (!x->lkey || !x->lidx || !x->lparent || !grow_u32(&x->cur, &x->capcur, 1)) return PyErr_NoMemory();
        x->lcap = 1024;
        x->ln = 1;
        x->lkey[0] = self->key;
        x->lidx[0] = 0;
        x->lparent[0] = 0;
        x->cur[0] = 0;
        x->ncur = 1;
        x->step = lower;
        x->back_step = INT32_MIN;
        x->seen_min = INT32_MAX;
        table_insert(x, self->key, 0);
    }
    if (!x->table) { /* emptied by its partner: this search cannot go on */
        x->overflow = 1;
    }
    if (x->overflow) return Py_BuildValue("(iiy#Ks)", x->step, best, "", (Py_ssize_t)0, 0ULL, "full");
    self->busy = x->busy = 1;
    x->fringe_on = 1;
    x->second_on = second && (x->flags & F_LASTWALK);
    x->limit = max_states;
    x->states = 0;
    x->walk_searches = x->walk_nodes = 0;
    x->plan_last = 0; /* the column plans begin with the first column in every run, as the Python twin does */
    x->stop = x->aborted = x->turn_cut = 0;
    x->turn_limit = 0;
    x->trust = x->partner && !x->partner->busy && x->partner->table && x->partner->kept >= best;
    int how;
    unsigned char *line = NULL;
    int len = 0;
    Py_BEGIN_ALLOW_THREADS
    how = fringe_steps(x, best);
    x->fringe_on = x->second_on = 0;
    if (how == FRINGE_FOUND) {
        line = (unsigned char *)malloc(2 * MAXD);
        len = fringe_line(x, x->from, x->best_path, x->best_len, x->best_idx, x->best, line);
    } else if (how == FRINGE_CUT && x->seen_min < INT32_MAX) { /* cut short: the best line reached */
        line = (unsigned char *)malloc(2 * MAXD);
        len = fringe_line(x, x->seen_from, x->seen_path, x->seen_len, x->seen_idx, x->seen_min, line);
    }
    Py_END_ALLOW_THREADS
    self->busy = x->busy = 0;
    PyObject *result;
    if (how == FRINGE_FOUND) {
        if (len >= 0)
            result = Py_BuildValue("(iiy#Ks)", x->best, x->best, (const char *)line, (Py_ssize_t)len,
                                   (unsigned long long)x->states, "found");
        else /* the optimum, but its line must be searched for again */
            result = Py_BuildValue("(iiy#Ks)", x->best, x->best, "", (Py_ssize_t)0, (unsigned long long)x->states,
                                   "lost");
        x->step = x->best; /* a later run answers at once */
        x->seen_min = x->best;
    } else {
        const char *status = how == FRINGE_PROVEN ? "proven" : x->overflow ? "full" : "cut";
        int got = line && len >= 0; /* the line to the least value reached so far */
        result = Py_BuildValue("(iiy#Ks)", x->step, got ? x->seen_min : best, got ? (const char *)line : "",
                               (Py_ssize_t)(got ? len : 0), (unsigned long long)x->states, status);
    }
    free(line);
    return result;
}

static PyMethodDef Search_methods[] = {
    {"fringe", (PyCFunction)Search_fringe, METH_VARARGS,
     "fringe(lower, best, max_states, second=False) -> (lower, score, line, states, status): the fringe search"
     " for lines below best, going on from its last run (the first starts at lower); second: the last walks'"
     " rests need a last walk of their own in this run (two decks). status: 'found' (score, the"
     " optimum, and its line), 'lost' (the optimum, its line to be searched for again), 'proven' (no line"
     " below best), 'cut' (past max_states; no line below lower; score and line: the line to the least value"
     " reached so far), 'full' (past its memory: it cannot go on; score and line as for 'cut')"},
    {"share", (PyCFunction)Search_share, METH_O,
     "share(other): the two visited sets together keep within the memory cap; when one grows past it, the"
     " other, idle, is emptied (its next run starts over). A run for lines below a best no higher than the"
     " idle other's last best prunes the positions the other finished, as finished"},
    {"run", (PyCFunction)Search_run, METH_VARARGS,
     "run(best_init, stop_value, max_states) -> (score, line, states, complete), going on from the last run"
     " when best_init is no higher than its best"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "engine.golf.solver._kernel.Search",
    .tp_basicsize = sizeof(SearchObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Search(columns, stock, top, adjacent, flags, max_entries): searches of one position that keep"
              " their visited set",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Search_init,
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_methods = Search_methods,
};

/* back(columns, stock, top, adjacent, flags, turns, max_states) -> (status, line, states): the walks back
 * alone, for the start's clearing with at most `turns` stock cards turned. */
static PyObject *kernel_back(PyObject *self, PyObject *args) {
    PyObject *columns;
    Py_buffer stock, adj;
    int top, flags, turns;
    unsigned long long max_states;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!y*iy*iiK", &PyTuple_Type, &columns, &stock, &top, &adj, &flags, &turns,
                          &max_states))
        return NULL;
    PyObject *result = NULL;
    uint64_t key;
    int left;
    Back *b = NULL;
    unsigned char line[MAXD];
    Ctx *x = ctx_new(columns, &stock, top, &adj, flags, &key, &left);
    if (!x) goto done;
    if (turns < 0 || turns > x->S) {
        PyErr_SetString(PyExc_ValueError, "turns must be within the stock");
        goto done;
    }
    if (!back_fits(x)) {
        PyErr_SetString(PyExc_ValueError, "position too large for the walks back");
        goto done;
    }
    int how = -2, len = 0;
    if (!left) {
        how = 1;
    } else if ((b = back_new(x, key, top, turns)) != NULL) {
        Py_BEGIN_ALLOW_THREADS
        how = back_go(x, b, max_states);
        if (how == 1) {
            int end = 0;
            len = back_line(x, b, x->full, top, &end, line, MAXD);
        }
        Py_END_ALLOW_THREADS
    }
    if (how == -2) {
        PyErr_NoMemory();
        goto done;
    }
    if (len < 0) { /* never: every worth found is a line's (the twin asserts it) */
        PyErr_SetString(PyExc_RuntimeError, "the walks back lost their line");
        goto done;
    }
    result = Py_BuildValue("(sy#K)", how == 1 ? "clear" : how == 0 ? "none" : "cut", (const char *)line,
                           (Py_ssize_t)len, (unsigned long long)(b ? b->states : 0));
done:
    back_free(b);
    ctx_free(x);
    PyBuffer_Release(&stock);
    PyBuffer_Release(&adj);
    return result;
}

static PyObject *kernel_lower_bound(PyObject *self, PyObject *args) {
    PyObject *columns;
    Py_buffer stock, adj;
    int top, flags;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!y*iy*i", &PyTuple_Type, &columns, &stock, &top, &adj, &flags)) return NULL;
    PyObject *result = NULL;
    uint64_t key;
    int left;
    Ctx *x = ctx_new(columns, &stock, top, &adj, flags, &key, &left);
    if (!x) goto done;
    int value;
    if (flags & F_NOBOUND) {
        value = -x->S;
    } else {
        expose(x);
        value = bound(x, 0, x->S, top, INT32_MAX);
        if (!value && left) {
            int turns = 0;
            while (turns < x->S && bound(x, 0, turns, top, 1)) turns++;
            value = -(x->S - turns);
        }
    }
    result = PyLong_FromLong(value);
done:
    ctx_free(x);
    PyBuffer_Release(&stock);
    PyBuffer_Release(&adj);
    return result;
}

static PyMethodDef kernel_methods[] = {
    {"search", kernel_search, METH_VARARGS,
     "search(columns, stock, top, adjacent, flags, best_init, stop_value, max_entries, max_states)"
     " -> (score, line, states, complete)"},
    {"back", kernel_back, METH_VARARGS,
     "back(columns, stock, top, adjacent, flags, turns, max_states) -> (status, line, states): can the"
     " tableau be cleared with at most `turns` stock cards turned, asked backwards from the cleared tableau"
     " (the fringe search's walks back alone)? status 'clear' (line: one that clears), 'none', or 'cut'"
     " (past max_states positions; 0: no limit)"},
    {"lower_bound", kernel_lower_bound, METH_VARARGS,
     "lower_bound(columns, stock, top, adjacent, flags) -> a score no line can beat"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef kernel_module = {
    .m_base = PyModuleDef_HEAD_INIT,
    .m_name = "engine.golf.solver._kernel",
    .m_doc = "Golf solver kernel (see pysearch.py).",
    .m_size = -1,
    .m_methods = kernel_methods,
};

PyMODINIT_FUNC PyInit__kernel(void) {
    if (PyType_Ready(&SearchType) < 0) return NULL;
    PyObject *m = PyModule_Create(&kernel_module);
    if (!m) return NULL;
    Py_INCREF(&SearchType);
    if (PyModule_AddObject(m, "Search", (PyObject *)&SearchType) < 0) {
        Py_DECREF(&SearchType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
