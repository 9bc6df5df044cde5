/* The Golf family solver's compiled search: engine/spread/solver.py's `best`, move for move.
 *
 * A position is the bit mask of the slots played, the stock cards turned and the foundation's top rank
 * (0: an empty foundation), packed into one key and remembered in an open-addressing hash table that
 * doubles as it fills: (score, move, exact), as the Python search's memo holds them. Moves are tried in
 * the same order (the free slots whose rank goes on the top, lowest slot first, then a turn), with the
 * same cut-offs, so the two give the same score, the same line and the same count of positions; the
 * tests hold them to it. Any change here must be mirrored in solver.py. Most of its time is waiting for
 * the table's memory: large tables are in huge pages, a position's children's entries are fetched ahead,
 * and a position's own entry, found on the way in, is written on the way out unless the table grew.
 * Each position also carries the count of cards left of each rank, for the bounds (stuck, can_clear).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif
#if defined(__linux__) && defined(MADV_HUGEPAGE)
#define HUGE_PAGES 1
#endif

#define MAXSLOTS 60
#define MAXSTOCK 31
#define NTOP 14
#define NONE (-2)
#define TURNED (-1)
#define TAKEN (1ULL << 63)
#define CLEARED (1 << 16)

typedef struct {
    uint64_t key; /* TAKEN | the position's key; 0: an empty entry */
    int16_t score;
    int8_t move;
    uint8_t exact;
} Entry;

typedef struct {
    int size, stock, wrap;
    uint64_t full;
    uint64_t covers[MAXSLOTS];
    int ranks[MAXSLOTS];
    int turns[MAXSTOCK];
    int by_top[NTOP][MAXSLOTS];
    int by_top_len[NTOP];
    unsigned seeds[MAXSTOCK + 1]; /* per count of turns, the ranks (bit rank-1) of the stock cards left */
    uint64_t *cleared; /* can_clear's answers: (counts << 4 | top) << 1 | answer, direct-mapped */
    Entry *table;
    uint64_t capacity, count, limit;
    uint64_t grown; /* how many times the table grew (an entry's address holds until it grows) */
    int too_large, no_memory;
} Ctx;

static inline uint64_t key_of(uint64_t gone, int turned, int top) {
    return (gone << 9) | ((uint64_t)turned << 4) | (uint64_t)top;
}

static inline uint64_t mix(uint64_t z) { /* splitmix64's finaliser */
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Tables of 64 MB and more are mapped in huge pages where the system allows (as Golf's kernel maps its
 * own, engine/golf/solver/_kernel.c): a lookup lands anywhere in hundreds of megabytes, and with 4 KB pages
 * nearly every one also misses the page-table cache. */
#define HUGE_BYTES (1ULL << 26)
static Entry *table_new(uint64_t capacity) {
    uint64_t bytes = capacity * sizeof(Entry);
#ifdef HUGE_PAGES
    if (bytes >= HUGE_BYTES) {
        void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) return NULL;
        madvise(p, bytes, MADV_HUGEPAGE); /* a hint: without huge pages it still works */
        return p;
    }
#endif
    return calloc(capacity, sizeof(Entry));
}

static void table_free(Entry *table, uint64_t capacity) {
    if (table == NULL) return;
#ifdef HUGE_PAGES
    if (capacity * sizeof(Entry) >= HUGE_BYTES) {
        munmap(table, capacity * sizeof(Entry));
        return;
    }
#endif
    free(table);
}

static Entry *slot_of(Ctx *c, uint64_t key) {
    uint64_t mask = c->capacity - 1, i = mix(key) & mask, tagged = key | TAKEN;
    while (c->table[i].key != 0 && c->table[i].key != tagged) i = (i + 1) & mask;
    return &c->table[i];
}

static int grow(Ctx *c) {
    uint64_t old_capacity = c->capacity;
    Entry *old = c->table;
    Entry *table = table_new(old_capacity * 2);
    if (table == NULL) return 0;
    c->table = table;
    c->capacity = old_capacity * 2;
    c->grown++;
    for (uint64_t i = 0; i < old_capacity; i++) {
        if (old[i].key != 0) *slot_of(c, old[i].key & ~TAKEN) = old[i];
    }
    table_free(old, old_capacity);
    return 1;
}

static int store(Ctx *c, Entry *e, uint64_t key, int score, int move, int exact) {
    if (e->key == 0) {
        if ((c->count + 1) * 2 > c->capacity) {
            if (!grow(c)) return 0;
            e = slot_of(c, key);
        }
        c->count++;
        e->key = key | TAKEN;
    }
    e->score = (int16_t)score;
    e->move = (int8_t)move;
    e->exact = (uint8_t)exact;
    return 1;
}

static inline int min_int(int a, int b) { return a < b ? a : b; }

static inline int bits(uint64_t x) { /* a popcount without the library call of a build for any x86-64 */
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

static inline unsigned around(unsigned ranks, int wrap) { /* the ranks next to any of ``ranks`` */
    unsigned next = (ranks << 1) | (ranks >> 1);
    if (wrap) next |= ((ranks & 1u) << 12) | ((ranks >> 12) & 1u);
    return next & 0x1fffu;
}

/* solver.py's stuck(): the cards of the tableau that can never be played from this position, whatever is
 * played next. A card can be played once the foundation's top is a rank next to its own; the top can only
 * become the rank of a card played, or of a stock card turned. So the ranks that can ever be played are
 * found by spreading from the top and the stock's ranks through the ranks the tableau still holds.
 * ``counts``: the cards left of each rank, four bits a rank, which the search carries down rather than
 * counting the slots at each position. */
static int stuck(const Ctx *c, uint64_t counts, int turned, int top) {
    if (top == 0 || c->stock > 0) return 0; /* an empty foundation takes any card; see solver.py for a stock */
    unsigned seeds = c->seeds[turned] | (1u << (top - 1)), played = 0;
    unsigned left = 0;
    for (int r = 0; r < 13; r++) {
        if ((counts >> (4 * r)) & 15u) left |= 1u << r;
    }
    for (;;) {
        unsigned more = left & around(seeds | played, c->wrap);
        if (more == played) break;
        played = more;
    }
    int count = 0;
    for (unsigned never = left & ~played; never; never &= never - 1) {
        count += (int)((counts >> (4 * __builtin_ctz(never))) & 15u);
    }
    return count;
}

/* solver.py's can_clear(): whether every card left could still be played, the order of the piles aside.
 * The foundation's tops from here on would be a walk from the top, a step to a next rank at a time, that
 * stands on each rank once per card of it left: a trail through the ranks, each rank's count of steps in and
 * out fixed by its cards. On the ring of ranks those counts fix how often each pair of neighbours is crossed
 * (for each possible last rank z), and the walk exists when they are not negative and join every rank left
 * to the top (Euler's trail). Where it fails, the tableau cannot be cleared without turning the stock again
 * (without a stock: at least one card stays), which bounds the search once only that would beat its best.
 * Only where the foundation has a top. It depends on the count of each rank
 * left and the top alone, which many positions share: its answers are kept in a small direct-mapped table
 * (searching Black Hole deals 1-200 took 2.3 times less time with it and the counts below). */
static int can_clear(Ctx *c, uint64_t counts, int top) { /* remembered per counts and top: see best() */
    uint64_t key = (counts << 4) | (uint64_t)top;
    uint64_t *hit = &c->cleared[mix(key) & (CLEARED - 1)];
    if ((*hit >> 1) == key) return (int)(*hit & 1);
    int n[13], need = 0, t = top - 1;
    for (int r = 0; r < 13; r++) {
        n[r] = (int)((counts >> (4 * r)) & 15u);
        if (n[r]) need |= 1 << r;
    }
    if (!need) return 1;
    int d[13], twice[13]; /* d: the steps in and out of each rank if the walk ended on the top's rank */
    for (int r = 0; r < 13; r++) d[r] = 2 * n[r] + (r == t);
    if (c->wrap) { /* twice[r]: twice the crossings of r and r + 1 (mod 13) before the last rank is taken off */
        int sum = 0;
        for (int k = 1; k <= 13; k++) sum += (k & 1 ? d[k % 13] : -d[k % 13]);
        twice[0] = sum;
        for (int r = 1; r < 13; r++) twice[r] = 2 * d[r] - twice[r - 1];
    } else { /* a line of ranks: twice[r] of r and r + 1; twice[12] is the missing K-A pair, which must be 0 */
        twice[0] = 2 * d[0];
        for (int r = 1; r < 13; r++) twice[r] = 2 * d[r] - twice[r - 1];
    }
    for (int z = 0; z < 13; z++) { /* the walk ends on rank z: one step fewer at z */
        if (!(need >> z & 1)) continue;
        unsigned crossed = 0;
        int ok = 1;
        for (int r = 0; r < 13 && ok; r++) {
            int e2;
            if (c->wrap) { /* -1, +1, -1, ... going back round the ring from z (13 steps back to z itself) */
                int back = (z - r + 13) % 13;
                e2 = twice[r] - ((back == 0 ? 13 : back) & 1 ? 1 : -1);
            } else { /* z's one step fewer changes the crossings from z on: -2, +2, -2, ... */
                e2 = r < z ? twice[r] : twice[r] - ((r - z) & 1 ? -2 : 2);
            }
            if (e2 < 0 || (!c->wrap && r == 12 && e2 != 0)) ok = 0;
            if (e2 > 0) crossed |= 1u << r;
        }
        if (!ok) continue;
        unsigned seen = 1u << t; /* the ranks joined to the top by crossed pairs */
        for (int r = t; crossed >> r & 1u && !(seen >> ((r + 1) % 13) & 1u); r = (r + 1) % 13) {
            seen |= 1u << ((r + 1) % 13);
        }
        for (int r = (t + 12) % 13; crossed >> r & 1u && !(seen >> r & 1u); r = (r + 12) % 13) seen |= 1u << r;
        if ((need & ~seen) == 0) {
            *hit = (key << 1) | 1;
            return 1;
        }
    }
    *hit = key << 1;
    return 0;
}

/* solver.py's best(): the best score from this position if it is below alpha (exact), else a score it
 * cannot beat that is at least alpha. Sets too_large / no_memory and returns 0 to stop the search. */
static int best(Ctx *c, uint64_t gone, uint64_t counts, int turned, int top, int alpha) {
    uint64_t key = key_of(gone, turned, top);
    Entry *found = slot_of(c, key);
    uint64_t grown = c->grown;
    if (found->key != 0 && (found->exact || found->score >= alpha)) return found->score;
    int clear = turned - c->stock, never = stuck(c, counts, turned, top);
    int floor = never > 0 ? never : clear; /* the best any line can do: clear the tableau now, or keep those */
    if (floor >= alpha) return floor;
    if (clear + 1 >= alpha && never == 0 && top != 0 && !can_clear(c, counts, top)) return clear + 1;
    if (c->count >= c->limit) {
        c->too_large = 1;
        return 0;
    }
    int result = c->size - bits(gone), chosen = NONE;
    for (int i = 0; i < c->by_top_len[top]; i++) { /* the children's entries, fetched ahead of their turn */
        int slot = c->by_top[top][i];
        if ((gone >> slot) & 1 || (c->covers[slot] & ~gone)) continue;
        uint64_t child = key_of(gone | (1ULL << slot), turned, c->ranks[slot]);
        __builtin_prefetch(&c->table[mix(child) & (c->capacity - 1)]);
    }
    for (int i = 0; i < c->by_top_len[top]; i++) {
        int slot = c->by_top[top][i];
        if ((gone >> slot) & 1 || (c->covers[slot] & ~gone)) continue;
        uint64_t after = gone | (1ULL << slot);
        int score;
        if (after == c->full) {
            score = clear;
        } else {
            score = best(c, after, counts - (1ULL << (4 * (c->ranks[slot] - 1))), turned, c->ranks[slot], min_int(alpha, result));
            if (c->too_large || c->no_memory) return 0;
        }
        if (score < result) {
            result = score;
            chosen = slot;
            if (result == floor) break;
        }
    }
    if (turned < c->stock && result != floor) {
        int score = best(c, gone, counts, turned + 1, c->turns[turned], chosen != NONE ? min_int(alpha, result) : alpha);
        if (c->too_large || c->no_memory) return 0;
        if (score < result || chosen == NONE) {
            result = score;
            chosen = TURNED;
        }
    }
    /* the entry found on the way in, unless the table grew meanwhile (or another took its empty place) */
    Entry *e = grown == c->grown && (found->key == 0 || found->key == (key | TAKEN)) ? found : slot_of(c, key);
    if (!store(c, e, key, result, chosen, result < alpha)) {
        c->no_memory = 1;
        return 0;
    }
    return result;
}

static int adjacent(int rank, int top, int wrap) {
    if (top == 0) return 1;
    int diff = rank > top ? rank - top : top - rank;
    return diff == 1 || (wrap && diff == 12);
}

/* search(ranks, covers, turns, wrap, gone, top, max_states) -> (score, line, states) or None past
 * max_states. ranks: bytes, a rank (1-13) per slot; covers: a tuple of bit masks, per slot the slots on
 * it; turns: bytes, the stock's ranks in turning order; gone: the slots played; top: the foundation's
 * top rank (0: empty); line: a list of slots, -1 for a turn. */
static PyObject *search(PyObject *self, PyObject *args) {
    Py_buffer ranks, turns;
    PyObject *covers;
    int wrap, top;
    unsigned long long gone, max_states;
    if (!PyArg_ParseTuple(args, "y*O!y*pKiK", &ranks, &PyTuple_Type, &covers, &turns, &wrap, &gone, &top,
                          &max_states))
        return NULL;
    PyObject *answer = NULL;
    Ctx *c = calloc(1, sizeof(Ctx));
    if (c == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    c->size = (int)ranks.len;
    c->stock = (int)turns.len;
    c->wrap = wrap;
    if (c->size < 1 || c->size > MAXSLOTS || c->stock > MAXSTOCK || PyTuple_GET_SIZE(covers) != c->size ||
        top < 0 || top >= NTOP) {
        PyErr_SetString(PyExc_ValueError, "a layout of 1 to 60 cards and a stock of at most 31");
        goto done;
    }
    c->full = c->size == 64 ? ~0ULL : (1ULL << c->size) - 1;
    for (int s = 0; s < c->size; s++) {
        c->ranks[s] = ((unsigned char *)ranks.buf)[s];
        c->covers[s] = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(covers, s));
        if (PyErr_Occurred()) goto done;
    }
    for (int t = 0; t < c->stock; t++) c->turns[t] = ((unsigned char *)turns.buf)[t];
    for (int s = 0; s < c->size; s++) {
        if (c->ranks[s] < 1 || c->ranks[s] >= NTOP) {
            PyErr_SetString(PyExc_ValueError, "a rank is 1 to 13");
            goto done;
        }
    }
    for (int t = c->stock - 1; t >= 0; t--) c->seeds[t] = c->seeds[t + 1] | (1u << (c->turns[t] - 1));
    for (int t = 0; t < NTOP; t++) {
        for (int s = c->size - 1; s >= 0; s--) { /* the cards dealt last first: see solver.py */
            if (adjacent(c->ranks[s], t, wrap)) c->by_top[t][c->by_top_len[t]++] = s;
        }
    }
    c->capacity = 1 << 12;
    c->limit = max_states;
    c->table = table_new(c->capacity);
    if (c->table == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    uint64_t counts = 0; /* the cards left of each rank, four bits a rank (rank 1 lowest) */
    for (int s = 0; s < c->size; s++) {
        if ((gone >> s) & 1) continue;
        if (((counts >> (4 * (c->ranks[s] - 1))) & 15u) == 15u) {
            PyErr_SetString(PyExc_ValueError, "at most 15 cards of a rank");
            goto done;
        }
        counts += 1ULL << (4 * (c->ranks[s] - 1));
    }
    if ((c->cleared = calloc(CLEARED, sizeof(uint64_t))) == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    int score;
    Py_BEGIN_ALLOW_THREADS
    /* without a stock, a win first (most deals have one, and can_clear prunes that search hard), then, if
     * there is none, the best score, on the bounds the first search left */
    score = c->stock == 0 ? best(c, gone, counts, 0, top, 1) : 1;
    if (score > 0 && !c->too_large && !c->no_memory) score = best(c, gone, counts, 0, top, c->size + 1);
    Py_END_ALLOW_THREADS
    if (c->no_memory) {
        PyErr_NoMemory();
        goto done;
    }
    if (c->too_large) {
        answer = Py_NewRef(Py_None);
        goto done;
    }
    PyObject *line = PyList_New(0);
    if (line == NULL) goto done;
    uint64_t g = gone;
    int turned = 0, t = top;
    for (;;) {
        Entry *e = slot_of(c, key_of(g, turned, t));
        if (e->key == 0 || e->move == NONE) break;
        int move = e->move;
        PyObject *item = PyLong_FromLong(move);
        if (item == NULL || PyList_Append(line, item) < 0) {
            Py_XDECREF(item);
            Py_DECREF(line);
            goto done;
        }
        Py_DECREF(item);
        if (move == TURNED) {
            t = c->turns[turned];
            turned++;
        } else {
            g |= 1ULL << move;
            t = c->ranks[move];
            if (g == c->full) break;
        }
    }
    answer = Py_BuildValue("iNK", score, line, (unsigned long long)c->count);
done:
    if (c != NULL) {
        table_free(c->table, c->capacity);
        free(c->cleared);
        free(c);
    }
    PyBuffer_Release(&ranks);
    PyBuffer_Release(&turns);
    return answer;
}

static PyMethodDef methods[] = {
    {"search", search, METH_VARARGS, "The best score of a Golf-family position (see engine/spread/solver.py)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_search", NULL, -1, methods};

PyMODINIT_FUNC PyInit__search(void) { return PyModule_Create(&module); }
