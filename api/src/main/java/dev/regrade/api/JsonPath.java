package dev.regrade.api;

/**
 * JSON paths as messages print them, in RFC 9535 notation: {@code $}, {@code .name} for a member whose
 * name is a shorthand name (letters, digits after the first, {@code _}, any non-ASCII), else
 * {@code ['odd name']}, and {@code [2]} for an element.
 */
public final class JsonPath {
    /** The whole document. */
    public static final String ROOT = "$";

    private JsonPath() {
    }

    /** The path of member {@code name} of the object at {@code path}. */
    public static String member(String path, String name) {
        return shorthand(name) ? path + "." + name : path + "['" + escaped(name) + "']";
    }

    /** The path of element {@code index} of the array at {@code path}. */
    public static String element(String path, int index) {
        return path + "[" + index + "]";
    }

    private static boolean shorthand(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); ) {
            int c = name.codePointAt(i);
            boolean first = c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')
                    || (c >= 0x80 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0x10FFFF);
            if (!first && !(i > 0 && c >= '0' && c <= '9')) {
                return false;
            }
            i += Character.charCount(c);
        }
        return true;
    }

    /** RFC 9535's single-quoted string: {@code \\}, {@code \'}, and control characters and lone surrogates escaped. */
    private static String escaped(String name) {
        StringBuilder s = new StringBuilder(name.length() + 4);
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            switch (c) {
                case '\\' -> s.append("\\\\");
                case '\'' -> s.append("\\'");
                case '\b' -> s.append("\\b");
                case '\f' -> s.append("\\f");
                case '\n' -> s.append("\\n");
                case '\r' -> s.append("\\r");
                case '\t' -> s.append("\\t");
                default -> {
                    boolean paired = Character.isHighSurrogate(c) && i + 1 < name.length()
                            && Character.isLowSurrogate(name.charAt(i + 1));
                    if (c < 0x20 || c == 0x7F || (Character.isSurrogate(c) && !paired)) {
                        s.append(String.format("\\u%04x", (int) c));
                    } else {
                        s.append(c);
                        if (paired) {
                            s.append(name.charAt(++i));
                        }
                    }
                }
            }
        }
        return s.toString();
    }
}
