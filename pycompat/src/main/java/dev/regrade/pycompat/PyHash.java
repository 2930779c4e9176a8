package dev.regrade.pycompat;

/**
 * CPython 3.11's {@code hash(str)} on 64-bit builds: SipHash-1-3 over the string's
 * PEP 393 storage (1, 2 or 4 bytes per code point, little-endian, chosen by the
 * largest code point), keyed by the hash secret that {@code PYTHONHASHSEED} selects.
 */
final class PyHash {

    /** Largest value PYTHONHASHSEED accepts. */
    static final long MAX_SEED = 0xFFFFFFFFL;

    private PyHash() {
    }

    /**
     * The SipHash key {k0, k1} for a PYTHONHASHSEED value: all zero for seed 0,
     * otherwise the first 16 of the 24 secret bytes produced by CPython's linear
     * congruential generator ({@code x = x * 214013 + 2531011} on 32 bits, each byte
     * being bits 16..23 of x), read as two little-endian 64-bit words.
     */
    static long[] key(long seed) {
        if (seed < 0 || seed > MAX_SEED) {
            throw new IllegalArgumentException("PYTHONHASHSEED must be in [0, 4294967295]: " + seed);
        }
        if (seed == 0) {
            return new long[] {0L, 0L};
        }
        int x = (int) seed;
        byte[] secret = new byte[16];
        for (int i = 0; i < secret.length; i++) {
            x = x * 214013 + 2531011;
            secret[i] = (byte) (x >>> 16);
        }
        return new long[] {littleEndian(secret, 0, 8), littleEndian(secret, 8, 8)};
    }

    /** {@code hash(s)} for a str, with the given key (see {@link #key(long)}). */
    static long strHash(String s, long[] key) {
        byte[] data = pep393Bytes(s);
        if (data.length == 0) {
            return 0;
        }
        long h = siphash13(key[0], key[1], data);
        return h == -1 ? -2 : h;
    }

    /** The bytes CPython hashes for a str: its compact PEP 393 storage. */
    static byte[] pep393Bytes(String s) {
        int[] cps = s.codePoints().toArray();
        int max = 0;
        for (int cp : cps) {
            max = Math.max(max, cp);
        }
        int width = max < 0x100 ? 1 : max < 0x10000 ? 2 : 4;
        byte[] data = new byte[cps.length * width];
        int p = 0;
        for (int cp : cps) {
            for (int k = 0; k < width; k++) {
                data[p++] = (byte) (cp >>> (8 * k));
            }
        }
        return data;
    }

    private static long littleEndian(byte[] b, int off, int len) {
        long v = 0;
        for (int i = len - 1; i >= 0; i--) {
            v = (v << 8) | (b[off + i] & 0xFFL);
        }
        return v;
    }

    /** SipHash with 1 compression round and 3 finalisation rounds. */
    static long siphash13(long k0, long k1, byte[] in) {
        long[] v = {
            k0 ^ 0x736f6d6570736575L,
            k1 ^ 0x646f72616e646f6dL,
            k0 ^ 0x6c7967656e657261L,
            k1 ^ 0x7465646279746573L,
        };
        int n = in.length;
        int off = 0;
        while (n - off >= 8) {
            long m = littleEndian(in, off, 8);
            off += 8;
            v[3] ^= m;
            sipRound(v);
            v[0] ^= m;
        }
        long last = ((long) n << 56) | littleEndian(in, off, n - off);
        v[3] ^= last;
        sipRound(v);
        v[0] ^= last;
        v[2] ^= 0xff;
        sipRound(v);
        sipRound(v);
        sipRound(v);
        return v[0] ^ v[1] ^ v[2] ^ v[3];
    }

    private static void sipRound(long[] v) {
        long v0 = v[0];
        long v1 = v[1];
        long v2 = v[2];
        long v3 = v[3];
        v0 += v1; v1 = Long.rotateLeft(v1, 13); v1 ^= v0; v0 = Long.rotateLeft(v0, 32);
        v2 += v3; v3 = Long.rotateLeft(v3, 16); v3 ^= v2;
        v0 += v3; v3 = Long.rotateLeft(v3, 21); v3 ^= v0;
        v2 += v1; v1 = Long.rotateLeft(v1, 17); v1 ^= v2; v2 = Long.rotateLeft(v2, 32);
        v[0] = v0;
        v[1] = v1;
        v[2] = v2;
        v[3] = v3;
    }
}
