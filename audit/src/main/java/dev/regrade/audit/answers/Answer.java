package dev.regrade.audit.answers;

import java.util.Objects;

/**
 * One answer file of the runner's layout, read as the runner reads it.
 *
 * @param agent     the agent folder's name
 * @param task      the task folder's name (a script name)
 * @param fileName  the file's name, e.g. {@code answer_1.md} (the runner's {@code answer_name})
 * @param inputName the audit input's name: {@code <agent>-<answer_base>}, path-safe and unique within its task
 * @param path      the file relative to the answers directory, with {@code /} separators
 * @param text      the answer text (UTF-8, line endings translated as Python's text mode does)
 * @param fixture   the fixture beside it ({@code answer_1.json} for {@code answer_1.md}), relative to the
 *                  answers directory with {@code /} separators; null for none
 */
public record Answer(String agent, String task, String fileName, String inputName, String path, String text,
                     String fixture) {
    public Answer {
        Objects.requireNonNull(agent, "agent");
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(fileName, "fileName");
        Objects.requireNonNull(inputName, "inputName");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(text, "text");
    }
}
