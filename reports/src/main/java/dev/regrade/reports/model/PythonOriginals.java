package dev.regrade.reports.model;

import java.util.List;

/**
 * In an audit of the Python originals ({@code audit --python}): where the originals came from and
 * what the offline world stood in for.
 *
 * @param checkout the Mind2Web 2 checkout whose {@code mind2web2} package the scripts imported
 * @param standIns the third-party modules the user's python lacked that the driver stood in for
 *                 (sorted; empty when it lacked none)
 */
public record PythonOriginals(String checkout, List<String> standIns) {
    public PythonOriginals {
        standIns = List.copyOf(standIns);
    }

    /** The one line every rendering prints (console, Markdown, HTML), before escaping. */
    public String line() {
        return "Python originals: " + checkout + " · stand-ins for modules this python lacks: "
                + (standIns.isEmpty() ? "none" : String.join(", ", standIns));
    }
}
