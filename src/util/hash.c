/* FNV-1a (segment keys), hash_words (the alignment's block texts) and
 * SHA-256 (source records; FIPS 180-4).
 * SHA-256 runs on the x86 SHA extensions when the processor has them
 * (about 10 times faster: the sidecar's segment keys and the files'
 * hashes are on the editor's open path), else in portable C; both give
 * the same bytes (tests/unit/test-util.c compares them). */
#include "yeok/util.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <cpuid.h>
#include <immintrin.h>
#define HAVE_SHANI_CODE 1
#endif

uint64_t hash_fnv1a(const void *p, size_t n)
{
	const unsigned char *s = p;
	uint64_t h = 0xcbf29ce484222325ull;
	for (size_t i = 0; i < n; i++) {
		h ^= s[i];
		h *= 0x100000001b3ull;
	}
	return h;
}

static inline uint64_t rotl64(uint64_t x, int r)
{
	return (x << r) | (x >> (64 - r));
}

uint64_t hash_words(const void *p, size_t n)
{
	const unsigned char *s = p;
	uint64_t h = 0x9e3779b97f4a7c15ull ^ ((uint64_t)n * 0xc2b2ae3d27d4eb4full);
	for (; n >= 8; s += 8, n -= 8) {
		uint64_t w;
		memcpy(&w, s, 8);
		h = rotl64(h ^ (w * 0x87c37b91114253d5ull), 31) * 0x4cf5ad432745937full;
	}
	if (n) {
		uint64_t w = 0;
		memcpy(&w, s, n);
		h = rotl64(h ^ (w * 0x87c37b91114253d5ull), 31) * 0x4cf5ad432745937full;
	}
	/* murmur3's finalizer */
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdull;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ull;
	h ^= h >> 33;
	return h;
}

static const uint32_t K[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
	0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
	0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
	0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
	0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
	0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
	0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
	0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
	0xc67178f2,
};

#define ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

static void block(uint32_t h[8], const unsigned char *p)
{
	uint32_t w[64];
	for (int i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
		       (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
	for (int i = 16; i < 64; i++) {
		uint32_t s0 = ROR(w[i - 15], 7) ^ ROR(w[i - 15], 18) ^ (w[i - 15] >> 3);
		uint32_t s1 = ROR(w[i - 2], 17) ^ ROR(w[i - 2], 19) ^ (w[i - 2] >> 10);
		w[i] = w[i - 16] + s0 + w[i - 7] + s1;
	}
	uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
	for (int i = 0; i < 64; i++) {
		uint32_t t1 = k + (ROR(e, 6) ^ ROR(e, 11) ^ ROR(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i];
		uint32_t t2 = (ROR(a, 2) ^ ROR(a, 13) ^ ROR(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
		k = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2;
	}
	h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += k;
}

static void blocks_c(uint32_t h[8], const unsigned char *p, size_t nb)
{
	for (size_t i = 0; i < nb; i++)
		block(h, p + 64 * i);
}

#ifdef HAVE_SHANI_CODE
/* nb blocks with the SHA extensions (Intel's "SHA extensions" paper:
 * the state as ABEF/CDGH, four rounds per group, the message schedule
 * with sha256msg1/msg2). */
__attribute__((target("sha,sse4.1"))) static void blocks_shani(uint32_t h[8],
                                                              const unsigned char *p, size_t nb)
{
	const __m128i mask = _mm_set_epi64x(0x0c0d0e0f08090a0bll, 0x0405060700010203ll);
	__m128i t = _mm_loadu_si128((const __m128i *)&h[0]);
	__m128i s1 = _mm_loadu_si128((const __m128i *)&h[4]);
	t = _mm_shuffle_epi32(t, 0xb1);          /* CDAB */
	s1 = _mm_shuffle_epi32(s1, 0x1b);        /* EFGH */
	__m128i s0 = _mm_alignr_epi8(t, s1, 8);  /* ABEF */
	s1 = _mm_blend_epi16(s1, t, 0xf0);       /* CDGH */
	for (size_t b = 0; b < nb; b++, p += 64) {
		__m128i abef = s0, cdgh = s1, m[4];
		for (int g = 0; g < 16; g++) {
			__m128i w;
			if (g < 4) {
				w = m[g] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 16 * g)), mask);
			} else {
				__m128i x = _mm_sha256msg1_epu32(m[g & 3], m[(g + 1) & 3]);
				x = _mm_add_epi32(x, _mm_alignr_epi8(m[(g + 3) & 3], m[(g + 2) & 3], 4));
				w = m[g & 3] = _mm_sha256msg2_epu32(x, m[(g + 3) & 3]);
			}
			__m128i msg = _mm_add_epi32(w, _mm_loadu_si128((const __m128i *)&K[4 * g]));
			s1 = _mm_sha256rnds2_epu32(s1, s0, msg);
			msg = _mm_shuffle_epi32(msg, 0x0e);
			s0 = _mm_sha256rnds2_epu32(s0, s1, msg);
		}
		s0 = _mm_add_epi32(s0, abef);
		s1 = _mm_add_epi32(s1, cdgh);
	}
	t = _mm_shuffle_epi32(s0, 0x1b);         /* FEBA */
	s1 = _mm_shuffle_epi32(s1, 0xb1);        /* DCHG */
	s0 = _mm_blend_epi16(t, s1, 0xf0);       /* DCBA */
	s1 = _mm_alignr_epi8(s1, t, 8);          /* HGFE */
	_mm_storeu_si128((__m128i *)&h[0], s0);
	_mm_storeu_si128((__m128i *)&h[4], s1);
}

static bool cpu_has_sha(void)
{
	unsigned a, b, c, d;
	if (!__get_cpuid_count(7, 0, &a, &b, &c, &d) || !(b & (1u << 29)))
		return false;
	return __get_cpuid(1, &a, &b, &c, &d) && (c & (1u << 19)) && (c & (1u << 9));
}
#endif

static int shani = -1; /* -1: not decided yet */

void sha256_use_portable(bool on)
{
#ifdef HAVE_SHANI_CODE
	shani = on ? 0 : cpu_has_sha();
#else
	(void)on;
#endif
}

/* The block function of this processor (chosen once). */
static void blocks(uint32_t h[8], const unsigned char *p, size_t nb)
{
#ifdef HAVE_SHANI_CODE
	if (shani < 0)
		shani = cpu_has_sha();
	if (shani) {
		blocks_shani(h, p, nb);
		return;
	}
#endif
	blocks_c(h, p, nb);
}

bool sha256_accelerated(void)
{
#ifdef HAVE_SHANI_CODE
	if (shani < 0)
		shani = cpu_has_sha();
	return shani == 1;
#else
	return false;
#endif
}

void sha256_init(Sha256 *c)
{
	static const uint32_t h0[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	                               0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
	memcpy(c->h, h0, sizeof(h0));
	c->n = 0;
	c->fill = 0;
}

void sha256_update(Sha256 *c, const void *data, size_t n)
{
	const unsigned char *p = data;
	c->n += n;
	if (c->fill) {
		size_t k = MIN(n, 64 - c->fill);
		memcpy(c->buf + c->fill, p, k);
		c->fill += k;
		p += k;
		n -= k;
		if (c->fill < 64)
			return;
		blocks(c->h, c->buf, 1);
		c->fill = 0;
	}
	if (n >= 64) {
		blocks(c->h, p, n / 64);
		p += n / 64 * 64;
		n %= 64;
	}
	if (n)
		memcpy(c->buf, p, n);
	c->fill = n;
}

void sha256_final_hex(Sha256 *c, char out[65])
{
	unsigned char tail[128] = {0};
	size_t left = c->fill;
	if (left)
		memcpy(tail, c->buf, left);
	tail[left] = 0x80;
	size_t tlen = left < 56 ? 64 : 128;
	uint64_t bits = c->n * 8;
	for (int i = 0; i < 8; i++)
		tail[tlen - 1 - i] = (unsigned char)(bits >> (8 * i));
	blocks(c->h, tail, tlen / 64);
	static const char hex[] = "0123456789abcdef";
	for (int i = 0; i < 8; i++)
		for (int j = 0; j < 8; j++)
			out[i * 8 + j] = hex[(c->h[i] >> (28 - 4 * j)) & 0xf];
	out[64] = '\0';
}

void sha256_hex(const void *data, size_t n, char out[65])
{
	Sha256 c;
	sha256_init(&c);
	sha256_update(&c, data, n);
	sha256_final_hex(&c, out);
}
