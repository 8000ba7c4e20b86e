import pytest

from planner.core.hfconfig import workload_from_hf_config
from planner.core.precision import EstimateError

LLAMA3_8B = {
    "model_type": "llama", "hidden_size": 4096, "intermediate_size": 14336,
    "num_attention_heads": 32, "num_hidden_layers": 32, "num_key_value_heads": 8,
    "vocab_size": 128256, "max_position_embeddings": 8192, "tie_word_embeddings": False,
}


def test_llama3_8b_counts_exactly():
    w = workload_from_hf_config(LLAMA3_8B)
    assert w.parameters == 8_030_261_248
    assert w.kv_head_count == 8 and w.head_dimension == 128


def test_gpt2_bert_t5_mixtral_qwen_counts_match_published():
    gpt2 = {"model_type": "gpt2", "n_layer": 12, "n_embd": 768, "n_head": 12,
            "vocab_size": 50257, "n_positions": 1024}
    bert = {"model_type": "bert", "num_hidden_layers": 12, "hidden_size": 768,
            "num_attention_heads": 12, "intermediate_size": 3072, "vocab_size": 30522,
            "max_position_embeddings": 512}
    t5 = {"model_type": "t5", "num_layers": 12, "d_model": 768, "num_heads": 12, "d_kv": 64,
          "d_ff": 3072, "vocab_size": 32128, "feed_forward_proj": "relu"}
    mixtral = {"model_type": "mixtral", "hidden_size": 4096, "intermediate_size": 14336,
               "num_attention_heads": 32, "num_hidden_layers": 32, "num_key_value_heads": 8,
               "vocab_size": 32000, "num_local_experts": 8, "num_experts_per_tok": 2}
    qwen = {"model_type": "qwen2", "hidden_size": 3584, "intermediate_size": 18944,
            "num_attention_heads": 28, "num_hidden_layers": 28, "num_key_value_heads": 4,
            "vocab_size": 152064, "tie_word_embeddings": False}
    assert workload_from_hf_config(gpt2).parameters == 124_439_808
    assert workload_from_hf_config(bert).parameters == 109_482_240
    assert workload_from_hf_config(t5).parameters == pytest.approx(222_903_552, rel=0.01)
    assert workload_from_hf_config(mixtral).parameters == pytest.approx(46_702_792_704, rel=0.001)
    assert workload_from_hf_config(qwen).parameters == pytest.approx(7_615_616_512, rel=0.001)


@pytest.mark.parametrize("cfg", [
    [], "llama", {}, {"model_type": "resnet"},
    {**LLAMA3_8B, "hidden_size": "4096"},
    {**LLAMA3_8B, "num_hidden_layers": -1},
    {**LLAMA3_8B, "num_hidden_layers": True},
    {k: v for k, v in LLAMA3_8B.items() if k != "vocab_size"},
    {**LLAMA3_8B, "num_key_value_heads": 7},
])
def test_malformed_config_is_one_sentence(cfg):
    with pytest.raises(EstimateError) as err:
        workload_from_hf_config(cfg)
    assert "\n" not in str(err.value) and str(err.value).endswith(".")
