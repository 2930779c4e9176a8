package dev.regrade.policies;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.Locale;

/** Plausible, deterministic field values chosen by field name and position. */
final class Values {
    private static final List<String> COUNTRIES = List.of("United States", "Germany", "Japan", "France", "Canada",
            "China", "United Kingdom", "Israel", "South Korea", "Switzerland", "Sweden", "India");

    private Values() {
    }

    static String string(SchemaAnswers.Path p) {
        String f = p.field().toLowerCase(Locale.ROOT);
        int i = p.index();
        if (has(f, "url", "link", "href", "website", "source", "page")) {
            return "https://" + p.script().replace('_', '-') + ".example.test/" + p.extraction() + "/"
                    + p.field() + "/" + (i + 1);
        }
        if (has(f, "email")) {
            return "contact" + (i + 1) + "@example.test";
        }
        if (has(f, "date", "deadline", "time")) {
            return String.format(Locale.ROOT, "2025-%02d-%02d", 1 + (i % 9), 10 + (i % 18));
        }
        if (has(f, "year")) {
            return Integer.toString(2024 - (i % 5));
        }
        if (has(f, "price", "cost", "amount", "total", "budget", "fee")) {
            return "$" + (19 + 10 * i) + ".99";
        }
        if (has(f, "address", "location", "street")) {
            return (100 + 7 * i) + " Main Street, Springfield, IL 62701";
        }
        if (has(f, "phone")) {
            return String.format(Locale.ROOT, "(555) 010-%04d", i + 1);
        }
        if (has(f, "country", "origin", "nationality")) {
            return COUNTRIES.get(i % COUNTRIES.size());
        }
        if (has(f, "cap", "volume", "population", "count", "number", "quantity", "distance", "miles", "score",
                "rating", "percent", "aqi", "gdp", "value")) {
            return (10 + i) + "." + (i % 10) + " million";
        }
        return words(p.field()) + " " + letter(i);
    }

    static long integer(SchemaAnswers.Path p) {
        String f = p.field().toLowerCase(Locale.ROOT);
        if (has(f, "year")) {
            return 2024 - (p.index() % 5);
        }
        return 10L * (p.index() + 1);
    }

    static double number(SchemaAnswers.Path p) {
        return 10.5 * (p.index() + 1);
    }

    /** A deterministic bucket in [0, n) for a key. */
    static int bucket(String key, int n) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            int v = ((d[0] & 0xff) << 16) | ((d[1] & 0xff) << 8) | (d[2] & 0xff);
            return v % n;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean has(String field, String... words) {
        for (String w : words) {
            if (field.contains(w)) {
                return true;
            }
        }
        return false;
    }

    private static String words(String field) {
        StringBuilder b = new StringBuilder();
        for (String w : field.split("_")) {
            if (w.isEmpty()) {
                continue;
            }
            if (b.length() > 0) {
                b.append(' ');
            }
            b.append(Character.toUpperCase(w.charAt(0))).append(w.substring(1));
        }
        return b.length() == 0 ? "Value" : b.toString();
    }

    /** A, B, … Z, AA, AB … */
    private static String letter(int i) {
        StringBuilder b = new StringBuilder();
        int n = i;
        do {
            b.insert(0, (char) ('A' + n % 26));
            n = n / 26 - 1;
        } while (n >= 0);
        return b.toString();
    }
}
