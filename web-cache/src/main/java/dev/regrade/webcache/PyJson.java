package dev.regrade.webcache;

import java.util.Map;

/** The text of Python's {@code json.dump(d, f, indent=2, ensure_ascii=False)} for a dict of str to str. */
final class PyJson {

    private PyJson() {
    }

    static String dumpIndent2(Map<String, String> d) {
        if (d.isEmpty()) {
            return "{}";
        }
        StringBuilder b = new StringBuilder("{");
        boolean first = true;
        for (Map.Entry<String, String> e : d.entrySet()) {
            b.append(first ? "\n  " : ",\n  ");
            first = false;
            string(b, e.getKey());
            b.append(": ");
            string(b, e.getValue());
        }
        return b.append("\n}").toString();
    }

    private static void string(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                case '\b' -> b.append("\\b");
                case '\f' -> b.append("\\f");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        b.append('"');
    }
}
