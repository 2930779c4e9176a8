package dev.regrade.wearable.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.FloatNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.SplittableRandom;

/**
 * Random JsonNodes and Strings built directly (not parsed), biased to what a writer can get wrong: texts
 * with non-ASCII, astral and lone surrogate chars, control chars, quotes and backslashes, empty and
 * (when allowed) 1 MB ones; integers past long, negative ones; doubles NaN, ±Infinity, -0.0, 1e300;
 * booleans, null, nested and empty arrays and objects.
 */
public final class RandomNodes {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final String[] PIECES = {"a", "video_path", "task", " ", "\"", "\\", "\\\"", "/", "\n", "\r", "\t",
        "\u0000", "\u0001", "\u001f", "\u007f", "\u0080", "\u00e9", "\u00a0", "\u07ff", "\u0800", "\u2028", "\u20ac",
        "\ufeff", "\uffff", "\ud83d\ude00", "\udbff\udfff", "\ud800", "\udfff", "$silent$", "(unanswered)", "interrupt",
        "0123456789", "\u03a3\u0130"};
    private static final double[] DOUBLES = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, 0.0,
        1e300, -1e300, 1e-300, Double.MIN_VALUE, Double.MAX_VALUE, 0.1, 0.5, 1.0, 1e16, 1e22, 123456.789, 0.3333};

    private final SplittableRandom r;
    /** One in how many texts is about 1 MB long (0: none). */
    private final int hugeOneIn;

    public RandomNodes(SplittableRandom r, int hugeOneIn) {
        this.r = r;
        this.hugeOneIn = hugeOneIn;
    }

    /** Any String, "" included. */
    public String text() {
        if (hugeOneIn > 0 && r.nextInt(hugeOneIn) == 0) {
            String piece = PIECES[r.nextInt(PIECES.length)];
            return piece.repeat((1 << 20) / piece.length()) + "\ud83d"; // ends in a lone high surrogate
        }
        StringBuilder sb = new StringBuilder();
        int n = r.nextInt(8);
        for (int i = 0; i < n; i++) {
            int k = r.nextInt(10);
            if (k == 0) {
                sb.append((char) r.nextInt(0x10000)); // any UTF-16 unit, a lone surrogate included
            } else if (k == 1) {
                sb.appendCodePoint(r.nextInt(0x10000, 0x110000));
            } else {
                sb.append(PIECES[r.nextInt(PIECES.length)]);
            }
        }
        return sb.toString();
    }

    /** Any integer index-like value: 0, small, large, negative. */
    public int anInt() {
        return switch (r.nextInt(6)) {
            case 0 -> 0;
            case 1 -> r.nextInt(1000);
            case 2 -> -r.nextInt(1, 1000);
            case 3 -> Integer.MAX_VALUE - r.nextInt(3);
            case 4 -> Integer.MIN_VALUE + r.nextInt(3);
            default -> r.nextInt();
        };
    }

    /** Any JSON node, containers nested up to {@code depth} more levels. */
    public JsonNode node(int depth) {
        int k = r.nextInt(depth > 0 ? 13 : 10);
        return switch (k) {
            case 0, 1, 2 -> TextNode.valueOf(text());
            case 3 -> F.numberNode(anInt());
            case 4 -> r.nextBoolean() ? LongNode.valueOf(r.nextLong())
                    : BigIntegerNode.valueOf(BigInteger.valueOf(r.nextLong()).multiply(BigInteger.TEN.pow(r.nextInt(1, 30))));
            case 5 -> DoubleNode.valueOf(r.nextBoolean() ? DOUBLES[r.nextInt(DOUBLES.length)]
                    : Double.longBitsToDouble(r.nextLong()));
            case 6 -> r.nextInt(4) == 0 ? FloatNode.valueOf((float) r.nextDouble(-10, 10))
                    : DecimalNode.valueOf(BigDecimal.valueOf(r.nextLong(), r.nextInt(-5, 10)));
            case 7 -> F.booleanNode(r.nextBoolean());
            case 8 -> F.nullNode();
            case 9 -> r.nextBoolean() ? F.arrayNode() : F.objectNode();
            case 10, 11 -> {
                ArrayNode a = F.arrayNode();
                for (int i = r.nextInt(5); i > 0; i--) {
                    a.add(node(depth - 1));
                }
                yield a;
            }
            default -> {
                ObjectNode o = F.objectNode();
                for (int i = r.nextInt(5); i > 0; i--) {
                    o.set(text(), node(depth - 1));
                }
                yield o;
            }
        };
    }
}
