#include "rating/glicko2.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace doska::rating {
namespace {

// Step 2: the Glicko-2 scale is the Glicko scale divided by 400 / ln(10).
constexpr double kScale = 173.7178;
constexpr double kCentre = 1500;

constexpr double kMinRating = 0;
constexpr double kMaxRating = 4000;
constexpr double kMinVolatility = 0.0001;
constexpr double kMaxVolatility = 1;
constexpr double kMinTau = 0.05;
constexpr double kMaxTau = 2;

// Step 5.4's stopping tolerance, from the paper.
constexpr double kEpsilon = 1e-6;
// The Illinois iteration converges in a few dozen steps from any bracket the clamped inputs can
// give; the bound only guards against a bracket that floating point keeps from shrinking.
constexpr int kMaxIterations = 100;

double finite_or(double value, double fallback) {
  return std::isfinite(value) ? value : fallback;
}

double clamped(double value, double fallback, double low, double high) {
  return std::clamp(finite_or(value, fallback), low, high);
}

Rating sanitized(const Rating& r) {
  return Rating{clamped(r.rating, kCentre, kMinRating, kMaxRating),
                clamped(r.rd, kMaxRd, 0, kMaxRd),
                clamped(r.volatility, 0.06, kMinVolatility, kMaxVolatility)};
}

double rd_in_bounds(double phi) {
  return std::clamp(phi * kScale, kMinRd, kMaxRd);
}

// Step 3's g(phi): how much an opponent's uncertain rating weakens what a game against them says.
double weight(double phi) {
  return 1 / std::sqrt(1 + 3 * phi * phi / (std::numbers::pi * std::numbers::pi));
}

// Step 3's E: the expected score against an opponent.
double expected(double mu, double mu_opponent, double g) {
  return 1 / (1 + std::exp(-g * (mu - mu_opponent)));
}

// Step 5: the new volatility, the root of f by the Illinois algorithm (regula falsi that halves
// the value kept at the end that did not move, so that neither end gets stuck).
double new_volatility(double sigma, double phi, double v, double delta, double tau) {
  const double a = std::log(sigma * sigma);
  const double phi2 = phi * phi;
  const auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi2 + v + ex;
    return ex * (delta * delta - phi2 - v - ex) / (2 * d * d) - (x - a) / (tau * tau);
  };

  double low = a;
  double high;
  if (delta * delta > phi2 + v) {
    high = std::log(delta * delta - phi2 - v);
  } else {
    // Below a, f's first term stays above -1/2 while its last grows by 1/tau per step of tau, so
    // k stops below tau/2 + 2; the bound on the loop is only a guard.
    int k = 1;
    while (f(a - k * tau) < 0 && k < kMaxIterations) ++k;
    high = a - k * tau;
  }

  double f_low = f(low);
  double f_high = f(high);
  for (int i = 0; i < kMaxIterations && std::abs(high - low) > kEpsilon; ++i) {
    const double c = low + (low - high) * f_low / (f_high - f_low);
    const double f_c = f(c);
    // The 2012 paper writes f(C) f(B) < 0; with <= a root hit exactly also ends the loop.
    if (f_c * f_high <= 0) {
      low = high;
      f_low = f_high;
    } else {
      f_low /= 2;
    }
    high = c;
    f_high = f_c;
  }
  const double sigma_new = std::exp(low / 2);
  // Should floating point ever break the bracket, the old volatility is kept rather than the
  // update lost.
  return std::isfinite(sigma_new) ? std::clamp(sigma_new, kMinVolatility, kMaxVolatility) : sigma;
}

}  // namespace

Rating update(const Rating& player, std::span<const GameResult> games, double tau) {
  const Rating p = sanitized(player);
  if (games.empty()) return idle(p, 1);
  tau = clamped(tau, kDefaultTau, kMinTau, kMaxTau);

  const double mu = (p.rating - kCentre) / kScale;
  const double phi = p.rd / kScale;

  // Steps 3 and 4: v, the estimated variance of the rating from the games alone, and the sum
  // that gives delta, the estimated improvement.
  double information = 0;
  double surprise = 0;
  for (const GameResult& game : games) {
    const Rating opponent = sanitized(game.opponent);
    const double score = clamped(game.score, 0.5, 0, 1);
    const double mu_j = (opponent.rating - kCentre) / kScale;
    const double g = weight(opponent.rd / kScale);
    const double e = expected(mu, mu_j, g);
    information += g * g * e * (1 - e);
    surprise += g * (score - e);
  }
  // Clamped ratings keep e away from 0 and 1 by far more than double precision needs; this
  // guards the division should that ever change.
  if (!(information > 0)) return idle(p, 1);
  const double v = 1 / information;
  const double delta = v * surprise;

  const double sigma = new_volatility(p.volatility, phi, v, delta, tau);

  // Steps 6 to 8.
  const double phi_star2 = phi * phi + sigma * sigma;
  const double phi_new = 1 / std::sqrt(1 / phi_star2 + 1 / v);
  const double mu_new = mu + phi_new * phi_new * surprise;
  return Rating{kScale * mu_new + kCentre, rd_in_bounds(phi_new), sigma};
}

Rating idle(const Rating& r, int periods) {
  Rating result = sanitized(r);
  const double phi = result.rd / kScale;
  const double sigma = result.volatility;
  // Step 6 repeated: each period adds sigma^2 to phi^2.
  const double phi2 = phi * phi + std::max(periods, 0) * sigma * sigma;
  result.rd = rd_in_bounds(std::sqrt(phi2));
  return result;
}

bool provisional(const Rating& r) {
  return !(r.rd < kProvisionalRd);
}

}  // namespace doska::rating
