package dev.regrade.github;

import java.util.regex.Pattern;

/** A GitHub repository, {@code OWNER/NAME} as GitHub spells it. */
public record Repo(String owner, String name) {
    // GitHub's own rules: an owner is letters, digits and single hyphens; a name adds '.' and '_'.
    private static final Pattern OWNER = Pattern.compile("[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})");
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,100}");

    public Repo {
        if (!OWNER.matcher(owner).matches() || !NAME.matcher(name).matches() || name.equals(".") || name.equals("..")) {
            throw new IllegalArgumentException("'" + owner + "/" + name + "' is not OWNER/NAME");
        }
    }

    /** Reads {@code OWNER/NAME}; anything else (a URL, a missing slash, a path) is refused with the form expected. */
    public static Repo parse(String text) {
        String[] parts = text.split("/", -1);
        if (parts.length != 2) {
            throw new IllegalArgumentException("'" + text + "' is not OWNER/NAME (e.g. octo-org/Mind2Web-2)");
        }
        try {
            return new Repo(parts[0], parts[1]);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + text + "' is not OWNER/NAME (e.g. octo-org/Mind2Web-2)");
        }
    }

    @Override
    public String toString() {
        return owner + "/" + name;
    }
}
