package dev.regrade.rubric.diff;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.pycompat.PyRepr;
import dev.regrade.rubric.json.ResultNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Differences between two rubric trees (stored trees, or JSON as result files hold them), nodes
 * matched by id.
 *
 * <p>Every difference is classified: structural (added, removed, moved: another parent, or
 * another position among the siblings both trees share — one {@code moved} change naming both
 * places, never a removal plus an addition), content (desc, critical, strategy), verdict (a
 * leaf's status or score) or derived (a container's status or score). Order is deterministic:
 * the after tree in pre-order, then removed nodes in the before tree's pre-order.
 */
public final class TreeDiff {
    private TreeDiff() {
    }

    /** What the diff reads of a node: its id, its children, and each compared field as text. */
    private interface View {
        String id();

        List<View> children();

        boolean isLeaf();

        String field(String name);
    }

    /** A node of a result file, read leniently: a missing field compares as {@code null}. */
    private record JsonView(JsonNode node) implements View {
        @Override
        public String id() {
            return node.path("id").asText();
        }

        @Override
        public List<View> children() {
            JsonNode c = node.path("children");
            List<View> out = new ArrayList<>();
            if (c.isArray()) {
                c.forEach(child -> out.add(new JsonView(child)));
            }
            return out;
        }

        @Override
        public boolean isLeaf() {
            JsonNode c = node.get("children");
            return c == null || !c.isArray() || c.isEmpty();
        }

        @Override
        public String field(String name) {
            JsonNode v = node.get(name);
            if (v == null || v.isNull()) {
                return "null";
            }
            if (v.isNumber()) {
                return PyRepr.repr(v.doubleValue());
            }
            return v.isTextual() ? v.textValue() : v.toString();
        }
    }

    /** A stored node; its fields compare as their JSON text. */
    private record StoredView(ResultNode node) implements View {
        @Override
        public String id() {
            return node.id();
        }

        @Override
        public List<View> children() {
            return node.children().stream().<View>map(StoredView::new).toList();
        }

        @Override
        public boolean isLeaf() {
            return node.isLeaf();
        }

        @Override
        public String field(String name) {
            return switch (name) {
                case "desc" -> node.desc();
                case "critical" -> String.valueOf(node.critical());
                case "strategy" -> node.strategy().value();
                case "status" -> node.status().value();
                case "score" -> PyRepr.repr(node.score());
                default -> throw new IllegalArgumentException(name);
            };
        }
    }

    /** A node with where it sits. */
    private record Placed(View node, String parent, int index, List<String> siblingIds) {
    }

    /** All differences from {@code before} to {@code after} (either may be null: no tree). */
    public static List<Change> diff(ResultNode before, ResultNode after) {
        return diff(before == null ? null : new StoredView(before), after == null ? null : new StoredView(after));
    }

    /** All differences between two trees as result files hold them (either may be null: no tree). */
    public static List<Change> diff(JsonNode before, JsonNode after) {
        return diff(before == null || before.isNull() || before.isMissingNode() ? null : new JsonView(before),
                after == null || after.isNull() || after.isMissingNode() ? null : new JsonView(after));
    }

    private static List<Change> diff(View before, View after) {
        Map<String, Placed> b = index(before);
        Map<String, Placed> a = index(after);
        List<Change> out = new ArrayList<>();
        for (Map.Entry<String, Placed> e : a.entrySet()) {
            String id = e.getKey();
            Placed now = e.getValue();
            Placed was = b.get(id);
            if (was == null) {
                out.add(new Change(ChangeClass.STRUCTURAL, "added", id, null, place(now)));
                continue;
            }
            if (moved(was, now, b, a)) {
                out.add(new Change(ChangeClass.STRUCTURAL, "moved", id, place(was), place(now)));
            }
            field(out, ChangeClass.CONTENT, "desc", id, was.node(), now.node());
            field(out, ChangeClass.CONTENT, "critical", id, was.node(), now.node());
            if (!now.node().isLeaf() || !was.node().isLeaf()) {
                field(out, ChangeClass.CONTENT, "strategy", id, was.node(), now.node());
            }
            ChangeClass scoreClass = now.node().isLeaf() && was.node().isLeaf() ? ChangeClass.VERDICT : ChangeClass.DERIVED;
            field(out, scoreClass, "status", id, was.node(), now.node());
            field(out, scoreClass, "score", id, was.node(), now.node());
        }
        for (Map.Entry<String, Placed> e : b.entrySet()) {
            if (!a.containsKey(e.getKey())) {
                out.add(new Change(ChangeClass.STRUCTURAL, "removed", e.getKey(), place(e.getValue()), null));
            }
        }
        return out;
    }

    private static boolean moved(Placed was, Placed now, Map<String, Placed> b, Map<String, Placed> a) {
        if (was.parent() == null || now.parent() == null) {
            return !(was.parent() == null && now.parent() == null);
        }
        if (!was.parent().equals(now.parent())) {
            return true;
        }
        // Same parent: compare the position among the siblings present in both trees, so that an
        // inserted or removed sibling does not make every later sibling "moved".
        return commonIndex(was, a) != commonIndex(now, b);
    }

    private static int commonIndex(Placed p, Map<String, Placed> other) {
        int i = 0;
        for (String s : p.siblingIds()) {
            if (s.equals(p.node().id())) {
                return i;
            }
            Placed o = other.get(s);
            if (o != null && p.parent().equals(o.parent())) {
                i++;
            }
        }
        return i;
    }

    private static String place(Placed p) {
        return p.parent() == null ? "(top)" : p.parent() + "[" + p.index() + "]";
    }

    private static void field(List<Change> out, ChangeClass c, String name, String id, View was, View now) {
        String x = was.field(name);
        String y = now.field(name);
        if (!x.equals(y)) {
            out.add(new Change(c, name, id, x, y));
        }
    }

    private static Map<String, Placed> index(View root) {
        Map<String, Placed> m = new LinkedHashMap<>();
        if (root != null) {
            walk(root, null, 0, List.of(), m);
        }
        return m;
    }

    private static void walk(View n, String parent, int index, List<String> siblings, Map<String, Placed> m) {
        String id = n.id();
        m.putIfAbsent(id, new Placed(n, parent, index, siblings));
        List<View> children = n.children();
        List<String> ids = children.stream().map(View::id).toList();
        for (int i = 0; i < children.size(); i++) {
            walk(children.get(i), id, i, ids, m);
        }
    }

    /** Counts per class, in class order (for summaries). */
    public static Map<ChangeClass, Integer> counts(List<Change> changes) {
        Map<ChangeClass, Integer> m = new LinkedHashMap<>();
        for (ChangeClass c : ChangeClass.values()) {
            m.put(c, 0);
        }
        Map<ChangeClass, Integer> tmp = new HashMap<>();
        changes.forEach(ch -> tmp.merge(ch.changeClass(), 1, Integer::sum));
        tmp.forEach(m::put);
        return m;
    }
}
