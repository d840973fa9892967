/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * x86-64 scalar kernels with two independent carry chains.
 *
 * A single add-with-carry chain is bound by its carry dependency: one
 * 8-byte add per cycle. ADX (Broadwell, Zen and later) adds adcx, which
 * carries through CF only, and adox, which carries through OF only; the two
 * chains interleave without waiting on each other. The loop control must
 * leave both flags alone, hence lea for arithmetic and jrcxz for the exit
 * test; jrcxz reaches only 127 bytes, so it sits at the bottom of the loop
 * next to its exit and a plain jmp goes back to the top. The dispatcher checks CPUID.(EAX=7,ECX=0):EBX.ADX[bit 19] first.
 */
#include "csum_kernels.h"

uint32_t
csum_adx_partial(const void *buf, size_t len, uint32_t sum)
{
	const uint8_t *p = buf;
	uint64_t a = sum, b = 0, z;
	size_t n = len / 64;

	__asm__ volatile(
		"xor %k[z], %k[z]\n\t"		/* z = 0, CF = OF = 0 */
		"jmp 3f\n\t"
		"1:\n\t"
		"adcx 0(%[p]), %[a]\n\t"
		"adox 8(%[p]), %[b]\n\t"
		"adcx 16(%[p]), %[a]\n\t"
		"adox 24(%[p]), %[b]\n\t"
		"adcx 32(%[p]), %[a]\n\t"
		"adox 40(%[p]), %[b]\n\t"
		"adcx 48(%[p]), %[a]\n\t"
		"adox 56(%[p]), %[b]\n\t"
		"lea 64(%[p]), %[p]\n\t"
		"lea -1(%[n]), %[n]\n\t"
		"3:\n\t"
		"jrcxz 2f\n\t"		/* rel8: the exit stays next to it */
		"jmp 1b\n\t"
		"2:\n\t"
		"adcx %[z], %[a]\n\t"		/* the last carry of each chain */
		"adox %[z], %[b]\n\t"
		: [a] "+r"(a), [b] "+r"(b), [p] "+r"(p), [n] "+c"(n),
		  [z] "=&r"(z)
		:
		: "cc", "memory");
	a = csum_add_eac(a, b);
	a = csum_add_eac(a, csum_short(p, len % 64));
	return csum_fold64(a);
}

uint32_t
csum_adx_partial_copy(void *dst, const void *src, size_t len, uint32_t sum)
{
	const uint8_t *p = src;
	uint8_t *d = dst;
	uint64_t a = sum, b = 0, z, t0, t1, t2, t3;
	size_t n = len / 64;

	__asm__ volatile(
		"xor %k[z], %k[z]\n\t"
		"jmp 3f\n\t"
		"1:\n\t"
		"mov 0(%[p]), %[t0]\n\t"
		"mov 8(%[p]), %[t1]\n\t"
		"mov 16(%[p]), %[t2]\n\t"
		"mov 24(%[p]), %[t3]\n\t"
		"mov %[t0], 0(%[d])\n\t"
		"mov %[t1], 8(%[d])\n\t"
		"mov %[t2], 16(%[d])\n\t"
		"mov %[t3], 24(%[d])\n\t"
		"adcx %[t0], %[a]\n\t"
		"adox %[t1], %[b]\n\t"
		"adcx %[t2], %[a]\n\t"
		"adox %[t3], %[b]\n\t"
		"mov 32(%[p]), %[t0]\n\t"
		"mov 40(%[p]), %[t1]\n\t"
		"mov 48(%[p]), %[t2]\n\t"
		"mov 56(%[p]), %[t3]\n\t"
		"mov %[t0], 32(%[d])\n\t"
		"mov %[t1], 40(%[d])\n\t"
		"mov %[t2], 48(%[d])\n\t"
		"mov %[t3], 56(%[d])\n\t"
		"adcx %[t0], %[a]\n\t"
		"adox %[t1], %[b]\n\t"
		"adcx %[t2], %[a]\n\t"
		"adox %[t3], %[b]\n\t"
		"lea 64(%[p]), %[p]\n\t"
		"lea 64(%[d]), %[d]\n\t"
		"lea -1(%[n]), %[n]\n\t"
		"3:\n\t"
		"jrcxz 2f\n\t"
		"jmp 1b\n\t"
		"2:\n\t"
		"adcx %[z], %[a]\n\t"
		"adox %[z], %[b]\n\t"
		: [a] "+r"(a), [b] "+r"(b), [p] "+r"(p), [d] "+r"(d),
		  [n] "+c"(n), [z] "=&r"(z), [t0] "=&r"(t0), [t1] "=&r"(t1),
		  [t2] "=&r"(t2), [t3] "=&r"(t3)
		:
		: "cc", "memory");
	a = csum_add_eac(a, b);
	a = csum_add_eac(a, csum_tail_copy(d, p, len % 64));
	return csum_fold64(a);
}
