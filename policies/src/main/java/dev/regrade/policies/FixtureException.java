package dev.regrade.policies;

/**
 * A fixture that cannot be used, with the file and the key at fault. The message reads
 * {@code <file>: <key>: <problem>}.
 */
public final class FixtureException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String file;
    private final String key;

    public FixtureException(String file, String key, String problem) {
        this(file, key, new StringBuilder(file).append(": ").append(key.isEmpty() ? "" : key + ": ").append(problem));
    }

    private FixtureException(String file, String key, CharSequence message) {
        super(message.toString());
        this.file = file;
        this.key = key;
    }

    /** A problem at a place in the text (1-based line and column), read {@code <file>:<line>:<column>: <problem>}. */
    public static FixtureException at(String file, int line, int column, String problem) {
        return new FixtureException(file, "", new StringBuilder(file).append(':').append(line).append(':')
                .append(column).append(": ").append(problem));
    }

    /** The fixture file as named by the user. */
    public String file() {
        return file;
    }

    /** The JSON key at fault, dotted ({@code judge.reject[1]}); empty for the whole file. */
    public String key() {
        return key;
    }
}
