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
        super(file + ": " + (key.isEmpty() ? "" : key + ": ") + problem);
        this.file = file;
        this.key = key;
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
