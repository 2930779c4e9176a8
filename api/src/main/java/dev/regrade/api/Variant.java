package dev.regrade.api;

import java.util.List;
import java.util.Objects;

/**
 * One variant of a subject, chosen by name on the command line and named in results. Every subject
 * has {@link #RELEASED} (the original as published), one with a FIXES.md fix also {@link #FIXED}; a
 * subject may declare more (rl_course_book's {@code instructors-last}). A subject branches on its
 * variant only where a fix changes behaviour.
 *
 * @param name the name on the command line and in results, e.g. {@code fixed}
 */
public record Variant(String name) {
    /** The original as published. */
    public static final Variant RELEASED = new Variant("released");
    /** The original with its FIXES.md fix. */
    public static final Variant FIXED = new Variant("fixed");
    /** The two variants most subjects have, released first. */
    public static final List<Variant> RELEASED_AND_FIXED = List.of(RELEASED, FIXED);

    public Variant {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("a variant name must not be blank");
        }
    }

    /** True for {@link #RELEASED}. */
    public boolean isReleased() {
        return equals(RELEASED);
    }

    /** True for {@link #FIXED} (not for another alternative to the released original). */
    public boolean isFixed() {
        return equals(FIXED);
    }

    @Override
    public String toString() {
        return name;
    }
}
