package dev.regrade.audit.core;

import java.util.ArrayList;
import java.util.List;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.ext.gfm.tables.TableRow;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.CustomBlock;
import org.commonmark.node.CustomNode;
import org.commonmark.node.Node;
import org.commonmark.node.SourceSpan;
import org.commonmark.parser.IncludeSourceSpans;
import org.commonmark.parser.Parser;

/**
 * Markdown parsed as GitHub renders it (CommonMark with GFM tables): the problems that would break
 * a table, checked against the source lines of every table the parser found.
 */
final class GfmTables {
    private static final Parser PARSER = Parser.builder().extensions(List.of(TablesExtension.create()))
            .includeSourceSpans(IncludeSourceSpans.BLOCKS).build();

    private GfmTables() {
    }

    /**
     * Every problem that breaks a table: a source line that is not a row of it (a raw newline in a
     * cell ends the table), a row whose cell count differs from the header's (an unescaped pipe).
     */
    static Check check(String markdown) {
        String[] lines = markdown.split("\n", -1);
        List<String> problems = new ArrayList<>();
        int[] tables = {0};
        PARSER.parse(markdown).accept(new AbstractVisitor() {
            @Override
            public void visit(CustomBlock block) {
                if (block instanceof TableBlock) {
                    tables[0]++;
                    check(block, lines, problems);
                }
                visitChildren(block);
            }
        });
        return new Check(tables[0], problems);
    }

    /**
     * What the parser found.
     *
     * @param tables   the number of tables
     * @param problems every problem, with its line
     */
    record Check(int tables, List<String> problems) {
    }

    private static void check(Node table, String[] lines, List<String> problems) {
        List<SourceSpan> spans = table.getSourceSpans();
        String header = lines[spans.get(0).getLineIndex()];
        int columns = cells(header);
        List<TableRow> rows = new ArrayList<>();
        table.accept(new AbstractVisitor() {
            @Override
            public void visit(CustomNode node) {
                if (node instanceof TableRow row) {
                    rows.add(row);
                }
                visitChildren(node);
            }
        });
        if (rows.size() != spans.size() - 1) { // every line but the delimiter row is a row
            problems.add("table at line " + (spans.get(0).getLineIndex() + 1) + ": " + rows.size() + " rows from "
                    + (spans.size() - 1) + " lines");
        }
        for (int i = 0; i < spans.size(); i++) {
            String line = lines[spans.get(i).getLineIndex()];
            if (cells(line) != columns) {
                problems.add("line " + (spans.get(i).getLineIndex() + 1) + ": " + cells(line) + " cells, header has "
                        + columns + ": " + line);
            }
        }
        for (TableRow row : rows) {
            int n = 0;
            for (Node c = row.getFirstChild(); c != null; c = c.getNext()) {
                n += c instanceof TableCell ? 1 : 0;
            }
            if (n != columns) {
                problems.add("a parsed row has " + n + " cells, header has " + columns);
            }
        }
        if (!lines[spans.get(spans.size() - 1).getLineIndex() + 1].isEmpty()) {
            problems.add("line " + (spans.get(spans.size() - 1).getLineIndex() + 2) + ": table not followed by a "
                    + "blank line");
        }
    }

    /** The cells of a source row: its unescaped pipes, less the leading and trailing one. */
    private static int cells(String line) {
        int pipes = 0;
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (ch == '\\') {
                i++;
            } else if (ch == '|') {
                pipes++;
            }
        }
        return pipes - 1;
    }
}
