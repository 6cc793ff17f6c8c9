#include "tournament/matching.h"

#include <algorithm>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/maximum_weighted_matching.hpp>

namespace doska::tournament {

std::vector<int> max_weight_matching(int vertices, const std::vector<WeightedEdge>& edges) {
  using Graph =
      boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, boost::no_property,
                            boost::property<boost::edge_weight_t, MatchWeight>>;
  using Vertex = boost::graph_traits<Graph>::vertex_descriptor;
  // No edge, no pair (and Boost's search would start from twice the lowest weight there is, an
  // overflow).
  if (edges.empty()) return std::vector<int>(static_cast<std::size_t>(std::max(vertices, 0)), -1);
  Graph graph(static_cast<std::size_t>(vertices));
  // The algorithm halves dual variables: even weights keep every step exact in integers.
  for (const WeightedEdge& e : edges) boost::add_edge(e.a, e.b, 2 * e.weight, graph);
  std::vector<Vertex> mate(static_cast<std::size_t>(vertices));
  boost::maximum_weighted_matching(graph, mate.data());
  std::vector<int> result(static_cast<std::size_t>(vertices), -1);
  for (int v = 0; v < vertices; ++v) {
    const Vertex m = mate[static_cast<std::size_t>(v)];
    if (m != boost::graph_traits<Graph>::null_vertex()) result[v] = static_cast<int>(m);
  }
  return result;
}

std::vector<int> match_by_criteria(int vertices, const std::vector<CandidatePair>& candidates) {
  if (candidates.empty()) return std::vector<int>(static_cast<std::size_t>(vertices), -1);
  const std::size_t criteria = candidates.front().penalties.size();
  const MatchWeight pairs = vertices / 2 + 1;
  // scale[c]: one more than what the criteria after c can add up to over a matching.
  std::vector<MatchWeight> scale(criteria + 1, 1);
  for (std::size_t c = criteria; c-- > 0;) {
    std::int64_t largest = 0;
    for (const CandidatePair& p : candidates) largest = std::max(largest, p.penalties[c]);
    scale[c] = scale[c + 1] * (static_cast<MatchWeight>(largest) * pairs + 1);
  }
  // scale[0] exceeds any matching's total penalty, so one more pair outweighs every criterion.
  std::vector<WeightedEdge> edges;
  edges.reserve(candidates.size());
  for (const CandidatePair& p : candidates) {
    MatchWeight penalty = 0;
    for (std::size_t c = 0; c < criteria; ++c) penalty += p.penalties[c] * scale[c + 1];
    edges.push_back({p.a, p.b, scale[0] + 1 - penalty});
  }
  return max_weight_matching(vertices, edges);
}

}  // namespace doska::tournament
