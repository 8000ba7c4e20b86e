import pytest

from planner.core.models.hfconfig import workload_from_hf_config
from planner.core.records.precision import EstimateError

LLAMA3_8B = {
    "model_type": "llama", "hidden_size": 4096, "intermediate_size": 14336,
    "num_attention_heads": 32, "num_hidden_layers": 32, "num_key_value_heads": 8,
    "vocab_size": 128256, "max_position_embeddings": 8192, "tie_word_embeddings": False,
}


def test_llama3_8b_counts_exactly():
    w = workload_from_hf_config(LLAMA3_8B)
    assert w.parameters == 8_030_261_248  # Meta's model card: 8.03B
    assert w.kv_head_count == 8 and w.head_dimension == 128


def test_published_totals_of_full_size_models():
    # Published: Mixtral 8x7B 46.7B (Mistral AI), Qwen2-7B 7.6B (Qwen2 model card), T5-base 223M.
    mixtral = {"model_type": "mixtral", "hidden_size": 4096, "intermediate_size": 14336,
               "num_attention_heads": 32, "num_hidden_layers": 32, "num_key_value_heads": 8,
               "vocab_size": 32000, "num_local_experts": 8, "num_experts_per_tok": 2}
    qwen = {"model_type": "qwen2", "hidden_size": 3584, "intermediate_size": 18944,
            "num_attention_heads": 28, "num_hidden_layers": 28, "num_key_value_heads": 4,
            "vocab_size": 152064, "tie_word_embeddings": False}
    t5 = {"model_type": "t5", "num_layers": 12, "d_model": 768, "num_heads": 12, "d_kv": 64,
          "d_ff": 3072, "vocab_size": 32128, "feed_forward_proj": "relu"}
    assert workload_from_hf_config(mixtral).parameters == pytest.approx(46.7e9, rel=0.001)
    assert workload_from_hf_config(qwen).parameters == pytest.approx(7.62e9, rel=0.001)
    assert workload_from_hf_config(t5).parameters == pytest.approx(223e6, rel=0.001)


@pytest.mark.parametrize("cfg", [
    [], "llama", {}, {"model_type": "resnet"},
    {**LLAMA3_8B, "hidden_size": "4096"},
    {**LLAMA3_8B, "num_hidden_layers": -1},
    {**LLAMA3_8B, "num_hidden_layers": True},
    {k: v for k, v in LLAMA3_8B.items() if k != "vocab_size"},
    {**LLAMA3_8B, "num_key_value_heads": 7},
    {**LLAMA3_8B, "architectures": ["LlamaForSpeechSynthesis"]},
    {**LLAMA3_8B, "architectures": "LlamaForCausalLM"},
])
def test_malformed_config_is_one_sentence(cfg):
    with pytest.raises(EstimateError) as err:
        workload_from_hf_config(cfg)
    assert "\n" not in str(err.value) and str(err.value).endswith(".")
