package dev.regrade.rubric.diff;

/** The class of a difference between two runs; an audit's expectations govern all but {@link #DERIVED}. */
public enum ChangeClass {
    /** A node added, removed, or moved to another parent or position. */
    STRUCTURAL,
    /** A node's description (the claim), critical flag or strategy changed. */
    CONTENT,
    /** A leaf's status or score changed. */
    VERDICT,
    /** An aggregate changed only because its children did; shown, never unexpected. */
    DERIVED,
    /**
     * A prompt a script sends changed (an extraction's or a check's), which no tree diff makes: the
     * audit's prompt comparison reports it, governed by the expectations' {@code prompts} globs.
     */
    PROMPT;

    /** Lower-case name for reports. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** Parses a {@link #label()}; throws {@link IllegalArgumentException} naming the bad value. */
    public static ChangeClass fromLabel(String label) {
        for (ChangeClass c : values()) {
            if (c.label().equals(label)) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown change class '" + label
                + "' (expected structural, content, verdict, derived or prompt)");
    }
}
