package dev.regrade.rubric;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Random valid rubric trees, reproducible from a seed (a critical parent gets only critical children). */
final class RandomTrees {
    private RandomTrees() {
    }

    /** Builds the tree of a seed; leaves get random final statuses, containers stay at defaults. */
    static Node build(long seed) {
        Random r = new Random(seed);
        int[] counter = {0};
        Node root = Node.of("root", "root", false, r.nextBoolean() ? Strategy.PARALLEL : Strategy.SEQUENTIAL);
        grow(root, r, 1, counter);
        return root;
    }

    private static void grow(Node parent, Random r, int depth, int[] counter) {
        int n = 1 + r.nextInt(4);
        for (int i = 0; i < n; i++) {
            boolean critical = parent.critical() || r.nextInt(4) == 0;
            String id = "n" + counter[0]++;
            if (depth < 5 && r.nextInt(3) == 0) {
                Node c = Node.of(id, id, critical, r.nextBoolean() ? Strategy.PARALLEL : Strategy.SEQUENTIAL);
                parent.addNode(c);
                grow(c, r, depth + 1, counter);
            } else {
                parent.addNode(switch (r.nextInt(5)) {
                    case 0, 1 -> new Node(id, id, critical, 1.0, Status.PASSED, Strategy.PARALLEL);
                    case 2 -> new Node(id, id, critical, 0.0, Status.FAILED, Strategy.PARALLEL);
                    case 3 -> new Node(id, id, critical, 0.0, Status.SKIPPED, Strategy.PARALLEL);
                    default -> Node.of(id, id, critical, Strategy.PARALLEL);
                });
            }
        }
    }

    static List<Node> all(Node root) {
        List<Node> out = new ArrayList<>();
        collect(root, out);
        return out;
    }

    private static void collect(Node n, List<Node> out) {
        out.add(n);
        n.children().forEach(c -> collect(c, out));
    }
}
