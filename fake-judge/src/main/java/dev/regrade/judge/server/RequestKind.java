package dev.regrade.judge.server;

/** What a request to the fake judge asked for. */
public enum RequestKind {
    /** A claim verification, answered {@code {reasoning, result}}. */
    VERIFY,
    /** A structured extraction, answered by the active extractor. */
    EXTRACT,
    /** A free-text chat completion answered by the configured {@link ChatResponder}, else the fallback reply. */
    CHAT,
    /** A request the fake judge could not read (answered HTTP 400). */
    INVALID
}
