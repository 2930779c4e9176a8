package dev.regrade.rubric.json;

/**
 * The original's {@code tree_statistics} of a verification tree.
 *
 * @param depth      the depth of the deepest node (the root is at 0)
 * @param totalNodes the number of nodes
 * @param leafNodes  the number of leaves
 */
public record TreeStatistics(int depth, int totalNodes, int leafNodes) {
    /** The statistics of a tree. */
    public static TreeStatistics of(ResultNode root) {
        int[] acc = new int[3];
        walk(root, 0, acc);
        return new TreeStatistics(acc[0], acc[1], acc[2]);
    }

    private static void walk(ResultNode n, int depth, int[] acc) {
        acc[0] = Math.max(acc[0], depth);
        acc[1]++;
        if (n.isLeaf()) {
            acc[2]++;
        }
        for (ResultNode c : n.children()) {
            walk(c, depth + 1, acc);
        }
    }
}
