package dev.regrade.wearable;

import dev.regrade.pycompat.PyException;
import java.util.function.Supplier;

/**
 * A computation's result or the Python error it raised, computed ahead (on the reading thread of
 * {@link Pairing#forEachAsync}) and taken up later where the original meets it.
 *
 * @param value the result (null when it raised)
 * @param error the error it raised, or null
 */
record Outcome<T>(T value, PyException error) {
    static <T> Outcome<T> of(Supplier<T> body) {
        try {
            return new Outcome<>(body.get(), null);
        } catch (PyException e) {
            return new Outcome<>(null, e);
        }
    }

    /** The value, or the error thrown again. */
    T get() {
        if (error != null) {
            throw error;
        }
        return value;
    }
}
