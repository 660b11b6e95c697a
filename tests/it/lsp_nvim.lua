-- Drives `tessera lsp` from Neovim's own LSP client (tests/it/lsp.rs runs it headless):
-- open a tile set, type a defect, receive its diagnostic, complete a slot name, hover a
-- tile, jump to a definition, apply the code action. Writes what happened as JSON to
-- $TESSERA_OUT. Neovim 0.7's API (Debian bookworm's), which later versions keep.
local bin, file, out = os.getenv("TESSERA_BIN"), os.getenv("TESSERA_FILE"), os.getenv("TESSERA_OUT")
local got = {}
local function finish()
  local f = io.open(out, "w")
  f:write(vim.fn.json_encode(got))
  f:close()
  vim.cmd("qa!")
end
local ok, err = pcall(function()
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  vim.bo[buf].filetype = "yaml"
  local id = vim.lsp.start_client({ name = "tessera", cmd = { bin, "lsp" }, root_dir = vim.fn.fnamemodify(file, ":h") })
  vim.lsp.buf_attach_client(buf, id)
  got.started = vim.wait(30000, function()
    local c = vim.lsp.get_client_by_id(id)
    return c ~= nil and c.server_capabilities ~= nil and c.initialized
  end, 50)
  local function codes()
    local list = {}
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      table.insert(list, d.code or "")
    end
    return list
  end
  local function has(code)
    for _, c in ipairs(codes()) do
      if c == code then return true end
    end
    return false
  end
  -- Type a defect: the total one too many.
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local total_line
  for i, l in ipairs(lines) do
    if l:match("^total: ") then total_line = i - 1 end
  end
  got.total_before = lines[total_line + 1]
  vim.api.nvim_buf_set_lines(buf, total_line, total_line + 1, false, { "total: 14" })
  got.diagnosed = vim.wait(30000, function() return has("tileset::count_mismatch") end, 50)
  got.codes = codes()
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.code == "tileset::count_mismatch" then
      got.diagnostic_line = d.lnum
      got.diagnostic_message = d.message
    end
  end
  local uri = vim.uri_from_bufnr(buf)
  local function request(method, params)
    local answers = vim.lsp.buf_request_sync(buf, method, params, 20000) or {}
    for _, a in pairs(answers) do
      if a.result then return a.result end
    end
    return nil
  end
  -- Complete a slot name in a segment of FX4 (road N-S, city W): `at: [` typed anew.
  local road_line
  lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local in_fx4 = false
  for i, l in ipairs(lines) do
    if l:match("id: FX4$") then in_fx4 = true end
    if in_fx4 and l:match("{id: road, feature: road, at: %[N, S%]}") then road_line = i - 1; break end
  end
  vim.api.nvim_buf_set_lines(buf, road_line, road_line + 1, false, { "      - {id: road, feature: road, at: [" })
  local col = #"      - {id: road, feature: road, at: ["
  local completion = request("textDocument/completion", { textDocument = { uri = uri }, position = { line = road_line, character = col } })
  local items = completion and (completion.items or completion) or {}
  got.slots = {}
  for _, it in ipairs(items) do table.insert(got.slots, it.label) end
  vim.api.nvim_buf_set_lines(buf, road_line, road_line + 1, false, { "      - {id: road, feature: road, at: [N, S]}" })
  -- Hover a tile id.
  local fx1_line
  for i, l in ipairs(lines) do
    if l:match("  %- id: FX1$") then fx1_line = i - 1 end
  end
  local hover = request("textDocument/hover", { textDocument = { uri = uri }, position = { line = fx1_line, character = 9 } })
  got.hover = hover and hover.contents and (hover.contents.value or hover.contents) or ""
  -- Apply the code action of the total's diagnostic.
  vim.wait(30000, function() return has("tileset::count_mismatch") end, 50)
  local lsp_diags = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.code == "tileset::count_mismatch" and d.user_data and d.user_data.lsp then
      table.insert(lsp_diags, d.user_data.lsp)
    end
  end
  local actions = request("textDocument/codeAction", {
    textDocument = { uri = uri },
    range = { start = { line = total_line, character = 0 }, ["end"] = { line = total_line, character = 80 } },
    context = { diagnostics = lsp_diags },
  }) or {}
  got.actions = #actions
  if actions[1] and actions[1].edit then
    got.action_title = actions[1].title
    vim.lsp.util.apply_workspace_edit(actions[1].edit, "utf-16")
  end
  got.total_after = vim.api.nvim_buf_get_lines(buf, total_line, total_line + 1, false)[1]
  got.fixed = vim.wait(30000, function() return not has("tileset::count_mismatch") end, 50)
  -- Jump to a definition: the base game's tile E, named by `shape:` typed into the set.
  local last = vim.api.nvim_buf_line_count(buf)
  vim.api.nvim_buf_set_lines(buf, last, last, false, { "  - {id: FX11, shape: E}" })
  local def = request("textDocument/definition", { textDocument = { uri = uri }, position = { line = last, character = #"  - {id: FX11, shape: " } })
  local loc = def and (def[1] or def)
  if loc and loc.uri then
    vim.lsp.util.jump_to_location(loc, "utf-16")
    got.jumped_to = vim.api.nvim_buf_get_name(0)
    got.jumped_line = vim.api.nvim_win_get_cursor(0)[1]
    got.jumped_text = vim.api.nvim_get_current_line()
  end
end)
if not ok then got.error = tostring(err) end
finish()
