package dev.regrade.scripts.v2025_10_23;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** The scripts' dict literals: a Python dict keeps its keys in insertion order, and the ports read it so. */
final class OrderedMaps {
    private OrderedMaps() {
    }

    /** {@code {k1: v1, k2: v2, ...}}: an insertion-ordered, unmodifiable map from alternating keys and values. */
    @SuppressWarnings("unchecked")
    static <V> Map<String, V> of(Object... keysAndValues) {
        if (keysAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("keys and values must alternate");
        }
        Map<String, V> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put((String) keysAndValues[i], (V) keysAndValues[i + 1]);
        }
        return Collections.unmodifiableMap(m);
    }
}
