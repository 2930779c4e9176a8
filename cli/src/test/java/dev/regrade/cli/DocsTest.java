package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/** README.md (a newcomer's path) and docs/*.md: short, every link resolves, and the module line is the poms'. */
class DocsTest {
    private static final Path ROOT = Paths.get("..").toAbsolutePath().normalize();
    private static final int README_WORDS = 2_500;
    /** The line that precedes the README's fenced module block. */
    static final String MODULE_MARK = "<!-- module graph: DocsTest checks it against the poms -->";

    private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6} +(.*?) *#*$");

    @Test
    void theReadmeIsAtMost2500Words() throws IOException {
        String readme = Files.readString(ROOT.resolve("README.md"), StandardCharsets.UTF_8);
        int words = readme.strip().split("\\s+").length; // as wc -w counts
        assertTrue(words <= README_WORDS, "README.md has " + words + " words; at most " + README_WORDS
                + ": move detail to a docs/ page and link it");
    }

    @Test
    void everyRelativeLinkPointsAtAFileAndHeadingThatExist() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        assertTrue(pages.size() > 5, "docs/ holds the topics: " + pages);
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path page : pages) {
            for (String target : links(page)) {
                if (target.matches("^[a-z][a-z0-9+.-]*:.*")) {
                    continue; // https:, mailto:, file: — not a file of this repository
                }
                checked++;
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                String anchor = hash < 0 ? null : target.substring(hash + 1);
                Path to = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
                String rel = ROOT.relativize(to).toString().replace('\\', '/');
                if (!to.startsWith(ROOT) || !Files.exists(to)) {
                    broken.add(ROOT.relativize(page) + ": " + target + " (no such file)");
                } else if (anchor != null && !anchors(to).contains(anchor)) {
                    broken.add(ROOT.relativize(page) + ": " + target + " (no such heading in " + rel + ")");
                }
            }
        }
        assertTrue(checked > 20, "links checked: " + checked);
        assertEquals(List.of(), broken);
    }

    /** The link targets of a page, outside fenced code and inline code. */
    static List<String> links(Path page) throws IOException {
        List<String> out = new ArrayList<>();
        boolean fenced = false;
        for (String line : Files.readAllLines(page, StandardCharsets.UTF_8)) {
            if (line.startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (fenced) {
                continue;
            }
            Matcher m = LINK.matcher(line.replaceAll("`[^`]*`", "``"));
            while (m.find()) {
                out.add(m.group(1));
            }
        }
        return out;
    }

    /** The anchors GitHub gives a Markdown file's headings (lower case, punctuation dropped, spaces to hyphens, -1, -2 for repeats). */
    static Set<String> anchors(Path file) throws IOException {
        Set<String> out = new TreeSet<>();
        if (!file.toString().endsWith(".md")) {
            return out;
        }
        Map<String, Integer> seen = new HashMap<>();
        boolean fenced = false;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.startsWith("```")) {
                fenced = !fenced;
            }
            Matcher m = HEADING.matcher(line);
            if (fenced || !m.matches()) {
                continue;
            }
            String slug = slug(m.group(1));
            int n = seen.merge(slug, 1, Integer::sum);
            out.add(n == 1 ? slug : slug + "-" + (n - 1));
        }
        return out;
    }

    static String slug(String heading) {
        return heading.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}\\p{Mn}\\p{Pc} -]", "").replace(' ', '-');
    }

    @Test
    void slugsAreGitHubs() {
        assertEquals("regrade-audit", slug("`regrade audit`"));
        assertEquals("mind2web-2s-runner-20", slug("Mind2Web 2's runner (2.0)"));
        assertEquals("price-a-fix-on-stored-results", slug("Price a fix on stored results"));
    }

    @Test
    void theReadmesModuleLineIsThePoms() throws Exception {
        List<String> readme = Files.readAllLines(ROOT.resolve("README.md"), StandardCharsets.UTF_8);
        int mark = readme.indexOf(MODULE_MARK);
        String expected = moduleBlock();
        assertTrue(mark >= 0 && readme.get(mark + 1).equals("```"), "README.md lacks the line " + MODULE_MARK
                + " followed by a fenced block; it should read:\n" + expected);
        int end = mark + 2;
        while (end < readme.size() && !readme.get(end).equals("```")) {
            end++;
        }
        String actual = String.join("\n", readme.subList(mark + 2, end)) + "\n";
        assertEquals(expected, actual, "README.md's module line is not the poms' graph; replace the block after "
                + MODULE_MARK + " with:\n" + expected);
    }

    /**
     * The graph read from the poms: one line per module in the root pom's order, "module → its compile-scope
     * dev.regrade dependencies" (as the pom lists them), a module without any alone on its line.
     */
    static String moduleBlock() throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(false);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Document root = f.newDocumentBuilder().parse(ROOT.resolve("pom.xml").toFile());
        String group = text(root.getDocumentElement(), "groupId");
        StringBuilder out = new StringBuilder();
        for (Element module : children(child(root.getDocumentElement(), "modules"), "module")) {
            String name = module.getTextContent().trim();
            Document pom = f.newDocumentBuilder().parse(ROOT.resolve(name).resolve("pom.xml").toFile());
            List<String> deps = new ArrayList<>();
            Element dependencies = child(pom.getDocumentElement(), "dependencies");
            for (Element d : dependencies == null ? List.<Element>of() : children(dependencies, "dependency")) {
                String g = text(d, "groupId");
                String scope = text(d, "scope");
                if ((group.equals(g) || "${project.groupId}".equals(g)) && (scope == null || scope.equals("compile"))) {
                    deps.add(text(d, "artifactId"));
                }
            }
            out.append(name).append(deps.isEmpty() ? "" : " → " + String.join(", ", deps)).append('\n');
        }
        return out.toString();
    }

    private static Element child(Element parent, String name) {
        List<Element> c = children(parent, name);
        return c.isEmpty() ? null : c.get(0);
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> out = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                out.add(e);
            }
        }
        return out;
    }

    private static String text(Element parent, String name) {
        Element e = child(parent, name);
        return e == null ? null : e.getTextContent().trim();
    }
}
