"""A tiny random Qwen2-VL-class model and a locally trained tokenizer, saved as a model folder.

For tests, benches and smoke runs where no checkpoint can be downloaded: the same classes and
files a real checkpoint has (config, safetensors, tokenizer.json with a chat template, the image
processor's config), at a size a CPU trains in seconds. Nothing about it is meant to be good.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from forge.train._deps import require

SPECIAL = ["<|endoftext|>", "<|im_start|>", "<|im_end|>", "<|vision_start|>", "<|vision_end|>", "<|image_pad|>",
           "<|video_pad|>", "<think>", "</think>", "<tool_call>", "</tool_call>", "<tool_response>",
           "</tool_response>"]

# Qwen/Hermes-style: tools in the system turn, tool calls as <tool_call> JSON, tool results as a user turn.
# Arguments as JSON text (the export's OpenAI form, what TRL passes on) render as-is, as Qwen's template does.
CHAT_TEMPLATE = (
    "{%- macro render(content) -%}{%- if content is string -%}{{ content }}{%- else -%}"
    "{%- for part in content -%}{%- if part.type == 'image' -%}<|vision_start|><|image_pad|><|vision_end|>"
    "{%- else -%}{{ part.text }}{%- endif -%}{%- endfor -%}{%- endif -%}{%- endmacro -%}"
    "{%- for message in messages -%}"
    "{%- if message.role == 'system' -%}<|im_start|>system\n{{ render(message.content) }}"
    "{%- if tools %}\n\n# Tools\n<tools>{% for tool in tools %}\n{{ tool | tojson }}{% endfor %}\n</tools>{% endif -%}"
    "<|im_end|>{{ '\\n' }}"
    "{%- elif message.role == 'assistant' -%}<|im_start|>assistant\n{{ render(message.content) }}"
    "{%- for call in message.tool_calls or [] -%}{% if loop.first and message.content %}\n{% endif %}"
    "<tool_call>\n{\"name\": \"{{ call.function.name }}\", \"arguments\": "
    "{% if call.function.arguments is string %}{{ call.function.arguments }}{% else %}{{ call.function.arguments | tojson }}{% endif %}}"
    "\n</tool_call>{%- endfor -%}<|im_end|>{{ '\\n' }}"
    "{%- elif message.role == 'tool' -%}<|im_start|>user\n<tool_response>\n{{ render(message.content) }}"
    "\n</tool_response><|im_end|>{{ '\\n' }}"
    "{%- else -%}<|im_start|>{{ message.role }}\n{{ render(message.content) }}<|im_end|>{{ '\\n' }}{%- endif -%}"
    "{%- endfor -%}{%- if add_generation_prompt -%}<|im_start|>assistant{{ '\\n' }}{%- endif -%}"
)

BASE_CORPUS = [
    ('<think>\nI should open the file first.\n</think>\nAction: list the input folder\n<tool_call>\n'
    '{"name": "bash", "arguments": {"command": "ls inputs"}}\n</tool_call>'),
    '{"name": "computer_use", "arguments": {"action": "left_click", "coordinate": [512, 300]}}',
    "You are a computer-use agent. Sort the rows of the spreadsheet by the second column and save it.",
]


def build_tiny_model(folder: Path, corpus: Iterable[str] = (), vocab_size: int = 512, hidden: int = 32,
                     layers: int = 2, seed: int = 0) -> Path:
    """Train a byte-level BPE tokenizer on `corpus`, build a random tiny Qwen2-VL, save both to `folder`."""
    tokenizers = require("tokenizers")
    transformers = require("transformers")
    torch = require("torch")
    bpe = tokenizers.Tokenizer(tokenizers.models.BPE())
    bpe.pre_tokenizer = tokenizers.pre_tokenizers.ByteLevel(add_prefix_space=False)
    bpe.decoder = tokenizers.decoders.ByteLevel()
    trainer = tokenizers.trainers.BpeTrainer(vocab_size=vocab_size, special_tokens=SPECIAL,
                                             initial_alphabet=tokenizers.pre_tokenizers.ByteLevel.alphabet())
    bpe.train_from_iterator([*BASE_CORPUS, *corpus], trainer)
    tokenizer = transformers.PreTrainedTokenizerFast(tokenizer_object=bpe, eos_token="<|im_end|>",
                                                     pad_token="<|endoftext|>", chat_template=CHAT_TEMPLATE)
    ids = {t: tokenizer.convert_tokens_to_ids(t) for t in SPECIAL}
    config = transformers.Qwen2VLConfig(
        text_config={"vocab_size": len(tokenizer), "hidden_size": hidden, "intermediate_size": hidden * 2,
                         "num_hidden_layers": layers, "num_attention_heads": 4, "num_key_value_heads": 2,
                         "max_position_embeddings": 65536, "rope_scaling": {"type": "mrope", "mrope_section": [2, 1, 1]},
                         "bos_token_id": None, "eos_token_id": ids["<|im_end|>"], "pad_token_id": ids["<|endoftext|>"]},
        vision_config={"depth": 1, "embed_dim": hidden, "hidden_size": hidden, "num_heads": 2, "mlp_ratio": 2, "patch_size": 14,
                           "spatial_merge_size": 2, "temporal_patch_size": 2, "in_channels": 3},
        image_token_id=ids["<|image_pad|>"], video_token_id=ids["<|video_pad|>"],
        vision_start_token_id=ids["<|vision_start|>"], vision_end_token_id=ids["<|vision_end|>"],
        tie_word_embeddings=False)
    torch.manual_seed(seed)
    model = transformers.Qwen2VLForConditionalGeneration(config)
    folder.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(folder)
    tokenizer.save_pretrained(folder)
    image_processor = transformers.Qwen2VLImageProcessorPil(min_pixels=28 * 28 * 4, max_pixels=28 * 28 * 16)
    image_processor.save_pretrained(folder)
    return folder
