package dev.regrade.audit.python;

import dev.regrade.api.BadInputException;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Where the Python originals come from: the interpreter, the user's Mind2Web 2 checkout and, per
 * variant label, the directory of {@code <task>.py} scripts that variant runs.
 *
 * @param python     the interpreter to start ({@code --python-exe}, else {@code python3} on PATH)
 * @param checkout   the Mind2Web 2 checkout whose {@code mind2web2} package is imported
 * @param scriptDirs variant label (e.g. {@code released}, {@code fixed}) → directory of its scripts
 */
public record PythonSetup(String python, Path checkout, Map<String, Path> scriptDirs) {
    /** The interpreter used when none is named. */
    public static final String DEFAULT_PYTHON = "python3";

    public PythonSetup {
        Objects.requireNonNull(python, "python");
        Objects.requireNonNull(checkout, "checkout");
        scriptDirs = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(scriptDirs));
    }

    /**
     * Checks what the command line named: the checkout holds {@code mind2web2/}, every scripts
     * directory exists, the interpreter is found. Bad input names the option.
     */
    public static PythonSetup of(String pythonExe, Path checkout, Map<String, Path> scriptDirs, Map<String, String> options) {
        if (!Files.isDirectory(checkout.resolve("mind2web2"))) {
            throw new BadInputException("--python " + checkout + ": not a Mind2Web 2 checkout (no mind2web2/ folder in it)");
        }
        for (Map.Entry<String, Path> e : scriptDirs.entrySet()) {
            if (!Files.isDirectory(e.getValue())) {
                throw new BadInputException(options.get(e.getKey()) + " " + e.getValue() + ": no such directory");
            }
        }
        String exe = pythonExe != null ? pythonExe : DEFAULT_PYTHON;
        if (pythonExe != null ? !Files.isExecutable(Paths.get(exe)) && !onPath(exe) : !onPath(exe)) {
            throw new BadInputException((pythonExe != null ? "--python-exe " + exe : "python3")
                    + ": not found" + (pythonExe != null ? "" : " on PATH (name the interpreter with --python-exe)"));
        }
        return new PythonSetup(exe, checkout, scriptDirs);
    }

    /** The script file a variant runs for a task. */
    public Path scriptFile(String task, String variant) {
        Path dir = scriptDirs.get(variant);
        if (dir == null) {
            throw new IllegalArgumentException("no scripts directory for variant '" + variant + "'");
        }
        return dir.resolve(task + ".py");
    }

    private static boolean onPath(String exe) {
        if (exe.contains(File.separator)) {
            return Files.isExecutable(Paths.get(exe));
        }
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Paths.get(dir, exe))) {
                return true;
            }
        }
        return false;
    }
}
