package dev.regrade.rubric.script;

import java.util.List;
import java.util.Objects;

/**
 * One variant of a ported script, parsed from its name by the script's declaration
 * ({@link ScriptDeclaration#variant}). Every script has {@link #RELEASED} (the original as published)
 * and {@link #FIXED} (with its FIXES.md fix); a script may declare more (rl_course_book's
 * {@code instructors-last}). A script branches on its variant only where a fix changes behaviour,
 * each branch marked with a one-line {@code // fix:} comment.
 *
 * @param name the name on the command line and in results, e.g. {@code fixed}
 */
public record Variant(String name) {
    /** The original script as published. */
    public static final Variant RELEASED = new Variant("released");
    /** The original script with its FIXES.md fix. */
    public static final Variant FIXED = new Variant("fixed");
    /** The two variants most scripts have, released first. */
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

    /** True for {@link #FIXED} (not for another alternative to the released script). */
    public boolean isFixed() {
        return equals(FIXED);
    }

    @Override
    public String toString() {
        return name;
    }
}
