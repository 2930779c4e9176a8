package dev.regrade.api;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;

/**
 * Input the user gave that Regrade cannot use: the one bad-input family (the command line prints the
 * message and exits 2). Every message has one shape, each part only when known:
 * {@code <file>:<line>:<column>: <JSON path>: <problem>; did you mean '<name>'?}, e.g.
 * {@code fixtures/a.json: $.judge.reject[1]: expected a string, got a number}.
 */
public class BadInputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final int column;
    private final String path;
    private final String problem;
    private final String suggestion;

    /** A problem with no file or path to name (or one whose sentence names them itself). */
    public BadInputException(String problem) {
        this(null, 0, 0, null, problem, null, null);
    }

    /** The same, caused by {@code cause}. */
    public BadInputException(String problem, Throwable cause) {
        this(null, 0, 0, null, problem, null, cause);
    }

    /**
     * @param file       the file as the user named it, or null
     * @param line       1-based line, or 0 when not known
     * @param column     1-based column, or 0 when not known (printed only with a line)
     * @param path       the JSON path ({@link JsonPath}), or null
     * @param problem    what is wrong, in a plain sentence
     * @param suggestion the name the user probably meant, or null
     * @param cause      the underlying error, or null
     */
    protected BadInputException(String file, int line, int column, String path, String problem, String suggestion,
                                Throwable cause) {
        super(message(file, line, column, path, problem, suggestion), cause);
        this.file = file;
        this.line = line;
        this.column = column;
        this.path = path;
        this.problem = problem;
        this.suggestion = suggestion;
    }

    /** A problem with a whole file ({@code file} may be null). */
    public static BadInputException inFile(String file, String problem) {
        return new BadInputException(file, 0, 0, null, problem, null, null);
    }

    /** A problem at a JSON path of a file ({@code file} may be null). */
    public static BadInputException at(String file, String path, String problem) {
        return new BadInputException(file, 0, 0, path, problem, null, null);
    }

    /** A problem at a JSON path with the name probably meant ({@code suggestion} may be null). */
    public static BadInputException at(String file, String path, String problem, String suggestion) {
        return new BadInputException(file, 0, 0, path, problem, suggestion, null);
    }

    /** A problem at a place in a file's text (1-based line and column), e.g. a JSON syntax error. */
    public static BadInputException atLine(String file, int line, int column, String problem) {
        return new BadInputException(file, line, column, null, problem, null, null);
    }

    /**
     * Text that is not JSON: {@code <file>:<line>:<column>: not valid JSON: <the parser's complaint>}, the
     * complaint without the parser's location suffix or source excerpts.
     */
    public static BadInputException invalidJson(String file, JsonProcessingException e) {
        JsonLocation at = e.getLocation();
        return new BadInputException(file, at == null ? 0 : Math.max(0, at.getLineNr()),
                at == null ? 0 : Math.max(0, at.getColumnNr()), null, JsonSyntax.describe(e), null, e);
    }

    /** The one message shape; parts that are null or 0 are left out. */
    static String message(String file, int line, int column, String path, String problem, String suggestion) {
        StringBuilder m = new StringBuilder();
        if (file != null) {
            m.append(file);
            if (line > 0) {
                m.append(':').append(line);
                if (column > 0) {
                    m.append(':').append(column);
                }
            }
        }
        if (path != null) {
            m.append(m.length() == 0 ? "" : ": ").append(path);
        }
        if (m.length() > 0) {
            m.append(": ");
        }
        m.append(problem);
        if (suggestion != null) {
            m.append(DidYouMean.phrase(suggestion));
        }
        return m.toString();
    }

    /** The file as the user named it, or null. */
    public String file() {
        return file;
    }

    /** The 1-based line, or 0 when not known. */
    public int line() {
        return line;
    }

    /** The 1-based column, or 0 when not known. */
    public int column() {
        return column;
    }

    /** The JSON path of the value at fault ({@code $.eval_breakdown[0].info}), or null. */
    public String path() {
        return path;
    }

    /** What is wrong, without the file, path or suggestion. */
    public String problem() {
        return problem;
    }

    /** The name the user probably meant, or null. */
    public String suggestion() {
        return suggestion;
    }
}
