package dev.regrade.audit.replay;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/** The runner's output folders that {@code tools/runoracle} zipped, as the tests read them. */
final class RunnerOutput {
    static final Path DIR = Paths.get("src", "test", "resources", "dev", "regrade", "audit", "replay", "runner");

    private RunnerOutput() {
    }

    /** Unzips {@code DIR/zip} into {@code root} and lists the latest result file of each answer, sorted. */
    static List<Path> unzipResults(String zip, Path root) throws IOException {
        try (ZipInputStream z = new ZipInputStream(Files.newInputStream(DIR.resolve(zip)))) {
            for (ZipEntry e; (e = z.getNextEntry()) != null; ) {
                Path target = root.resolve(e.getName()).normalize();
                Files.createDirectories(target.getParent());
                Files.write(target, z.readAllBytes());
            }
        }
        try (Stream<Path> s = Files.walk(root)) {
            return ResultLayout.latestPerAnswer(s.filter(p -> p.getParent().getFileName().toString().equals("results"))
                    .sorted().toList());
        }
    }
}
