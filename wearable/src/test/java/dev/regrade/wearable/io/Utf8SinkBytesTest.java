package dev.regrade.wearable.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link Utf8Sink#appendAscii(byte[])} appends what appending the same chars as a String would, also after
 * a pending high surrogate and for arrays past the 64 KB buffer; {@link Utf8Sink#appendInt} appends
 * {@code Long.toString}. The bytes are {@code getBytes(UTF_8)} of all that was appended.
 */
class Utf8SinkBytesTest {
    private static final long[] LONGS = {0, 1, -1, 9, 10, -10, Integer.MAX_VALUE, Integer.MIN_VALUE, Long.MAX_VALUE,
        Long.MIN_VALUE, Long.MAX_VALUE - 1, Long.MIN_VALUE + 1, 1_000_000_000_000L};
    private static final String[] OTHERS = {"a", "\u00e9", "\u20ac", "\ud83d\ude00", "\ud800", "x\udc00", "\"\\", "\n",
        "\u0000", "\u007f", "\u0080"};

    @Test
    void mixedAppendsGiveTheBytesOfTheirChars() throws IOException {
        long seed = 0xA5C11L;
        SplittableRandom r = new SplittableRandom(seed);
        int afterHigh = 0;
        for (int round = 0; round < 2_000; round++) {
            StringBuilder all = new StringBuilder();
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (Utf8Sink sink = new Utf8Sink(bytes)) {
                boolean highPending = false;
                for (int i = 0, n = r.nextInt(1, round % 50 == 0 ? 400 : 30); i < n; i++) {
                    int k = r.nextInt(10);
                    if (k < 4) {
                        byte[] b = ascii(r, round % 25 == 0 && r.nextInt(4) == 0);
                        afterHigh += highPending && b.length > 0 ? 1 : 0;
                        sink.appendAscii(b);
                        all.append(new String(b, StandardCharsets.US_ASCII));
                        highPending = highPending && b.length == 0;
                    } else if (k < 6) {
                        long v = r.nextBoolean() ? LONGS[r.nextInt(LONGS.length)] : r.nextLong() >> r.nextInt(64);
                        sink.appendInt(v);
                        all.append(v);
                        highPending = false;
                    } else if (k < 8) {
                        char c = r.nextInt(3) == 0 ? (char) r.nextInt(0xD800, 0xDC00) : (char) r.nextInt(0x10000);
                        sink.append(c); // a high surrogate stays pending until the next char
                        all.append(c);
                        highPending = Character.isHighSurrogate(c);
                    } else {
                        String s = OTHERS[r.nextInt(OTHERS.length)];
                        sink.append(s);
                        all.append(s);
                        highPending = false;
                    }
                }
            }
            assertArrayEquals(all.toString().getBytes(StandardCharsets.UTF_8), bytes.toByteArray(),
                    "seed " + seed + " round " + round);
        }
        assertTrue(afterHigh > 500, "byte runs right after a pending high surrogate: " + afterHigh);
    }

    /** Each array size around the buffer's, after 0, 1 and most of a buffer already filled, and after a high surrogate. */
    @Test
    void arraysAroundTheBufferSize() throws IOException {
        int buffer = 1 << 16;
        for (int size : new int[] {0, 1, buffer - 5, buffer - 1, buffer, buffer + 1, 3 * buffer + 7}) {
            for (int before : new int[] {0, 1, 3, buffer - 4, buffer - 1, buffer, buffer + 2}) {
                for (String lead : new String[] {"", "\ud83d", "\u00e9", "\ud83d\ude00"}) {
                    byte[] b = new byte[size];
                    for (int i = 0; i < size; i++) {
                        b[i] = (byte) ('!' + i % 90);
                    }
                    String first = "q".repeat(before) + lead;
                    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                    try (Utf8Sink sink = new Utf8Sink(bytes)) {
                        sink.append(first);
                        sink.appendAscii(b);
                        sink.append('\ude00'); // pairs with a still-pending high surrogate only when b is empty
                        sink.appendAscii(b);
                    }
                    String ascii = new String(b, StandardCharsets.US_ASCII);
                    String all = first + ascii + '\ude00' + ascii;
                    assertArrayEquals(all.getBytes(StandardCharsets.UTF_8), bytes.toByteArray(),
                            "size " + size + " after " + before + " and " + lead.codePoints().count() + " lead code points");
                }
            }
        }
    }

    @Test
    void appendIntIsLongToString() throws IOException {
        SplittableRandom r = new SplittableRandom(42);
        StringBuilder all = new StringBuilder();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (Utf8Sink sink = new Utf8Sink(bytes)) {
            for (long v : LONGS) {
                sink.appendInt(v);
                all.append(Long.toString(v)).append(' ');
                sink.append(' ');
            }
            for (int i = 0; i < 20_000; i++) { // past the buffer
                long v = r.nextLong() >> r.nextInt(64);
                sink.appendInt(v);
                all.append(Long.toString(v)).append(',');
                sink.append(',');
            }
        }
        assertArrayEquals(all.toString().getBytes(StandardCharsets.US_ASCII), bytes.toByteArray());
    }

    private static byte[] ascii(SplittableRandom r, boolean large) {
        int n = large ? r.nextInt(60_000, 200_000) : r.nextInt(r.nextInt(8) == 0 ? 0 : 1, 40);
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) r.nextInt(0x80);
        }
        return b;
    }
}
