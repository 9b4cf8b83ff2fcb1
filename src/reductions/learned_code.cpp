#include "reductions/learned_code.hpp"

#include "io/bytes.hpp"

namespace argmax {

LearnedCode LearnedCode::train(const Rows& confidences, const std::vector<int32_t>& labels, int classes,
                               const LearnedCodeConfig& config) {
  // A 0-1 cost matrix over all the code's classes keeps the decoder's scores in class order even when a
  // class has no training example.
  std::vector<float> zero_one(size_t(classes) * classes, 1.f);
  for (int l = 0; l < classes; ++l) zero_one[size_t(l) * classes + l] = 0.f;
  OptionList options = {{"C", number_text(config.C)}, {"seed", number_text(double(config.seed))}};
  LearnedCode code;
  if (config.kernel == "linear") {  // the primal solver keeps M itself (c × k) rather than support vectors
    options.push_back({"bias", "0"});  // the code scores M_l·f(x), with no bias, as the kernel decoders do
    code.decoder_ = LinearMulticlass::train(confidences, labels, options, zero_one);  // dcd: Crammer–Singer
  } else {
    // the learned code is Crammer and Singer's: one joint problem, scores argmax_l K(f(x), M_l)
    options.insert(options.end(), {{"kernel", config.kernel}, {"gamma", number_text(config.gamma)},
                                   {"decomposition", "crammer-singer"}});
    code.decoder_ = KernelMulticlass::train(confidences, labels, options, zero_one);
  }
  return code;
}

void LearnedCode::scores(const float* f, int columns, float* out) const {
  std::visit([&](const auto& decoder) { decoder.scores(Rows::dense(f, 1, columns), out); }, decoder_);
}

void LearnedCode::save(ByteWriter& out) const {
  out.put_vector(std::visit([](const auto& decoder) { return decoder.to_bytes(); }, decoder_));
}

LearnedCode LearnedCode::load(ByteReader& in) {
  const std::vector<uint8_t> bytes = in.get_vector<uint8_t>();
  LearnedCode code;
  if (model_kind(bytes.data(), bytes.size()) == "linear-multiclass")
    code.decoder_ = LinearMulticlass::from_bytes(bytes.data(), bytes.size());
  else
    code.decoder_ = KernelMulticlass::from_bytes(bytes.data(), bytes.size());
  return code;
}

}  // namespace argmax
