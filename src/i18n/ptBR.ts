import portugueseMessages from 'ra-language-portuguese';
import type { StringMap, TranslationMessages } from 'react-admin';

/*
 * ra-language-portuguese (1.6.0) was written for react-admin 3 and covers about half of the keys that
 * react-admin 5 translates; polyglot would print the raw key for every other one. The literal below is
 * therefore complete on its own: typing it as TranslationMessages turns a key added by a react-admin
 * upgrade into a compile error instead of a raw key on screen (tests/unit/i18n.test.ts also checks the
 * optional sections against ra-language-english).
 *
 * Where the package wording is still right it is kept verbatim. It is replaced where react-admin 5 changed
 * the meaning of a key (page titles now receive %{recordRepresentation}, navigation.next is an aria-label
 * for "go to the next page"), where it is an anglicism ("Deletar") or has typos, and where it title-cases
 * labels, which Portuguese does not do.
 */
const completeMessages: TranslationMessages = {
  ra: {
    action: {
      add_filter: 'Adicionar filtro',
      add: 'Adicionar',
      back: 'Voltar',
      // pt-BR counts 0 as singular, so the first form must show the count rather than a literal "1".
      bulk_actions: '%{smart_count} item selecionado |||| %{smart_count} itens selecionados',
      cancel: 'Cancelar',
      clear_array_input: 'Limpar a lista',
      clear_input_value: 'Limpar campo',
      clone: 'Duplicar',
      confirm: 'Confirmar',
      // "Novo" would clash in gender with feminine resources ("Novo Cozinha").
      create: 'Criar',
      create_item: 'Criar %{item}',
      delete: 'Excluir',
      edit: 'Editar',
      export: 'Exportar',
      list: 'Listar',
      refresh: 'Atualizar',
      remove_filter: 'Remover este filtro',
      remove_all_filters: 'Remover todos os filtros',
      // Distinct from delete: it takes an item out of a list or a filter, nothing is destroyed.
      remove: 'Remover',
      reset: 'Redefinir',
      save: 'Salvar',
      search: 'Buscar',
      search_columns: 'Buscar colunas',
      select_all: 'Selecionar tudo',
      select_all_button: 'Selecionar tudo',
      select_row: 'Selecionar esta linha',
      show: 'Exibir',
      sort: 'Ordenar',
      undo: 'Desfazer',
      unselect: 'Desmarcar',
      expand: 'Expandir',
      close: 'Fechar',
      open_menu: 'Abrir menu',
      close_menu: 'Fechar menu',
      update: 'Atualizar',
      move_up: 'Mover para cima',
      move_down: 'Mover para baixo',
      open: 'Abrir',
      toggle_theme: 'Alternar modo claro/escuro',
      select_columns: 'Colunas',
      update_application: 'Recarregar aplicação',
    },
    boolean: {
      true: 'Sim',
      false: 'Não',
      // A blank, not a word: an unset boolean shows nothing. The same em space as the English catalogue.
      null: '\u2003',
    },
    page: {
      create: 'Criar %{name}',
      dashboard: 'Painel de controle',
      edit: '%{name} %{recordRepresentation}',
      error: 'Algo deu errado',
      list: '%{name}',
      loading: 'Carregando',
      not_found: 'Não encontrado',
      show: '%{name} %{recordRepresentation}',
      empty: 'Ainda não há %{name}.',
      invite: 'Deseja adicionar um novo registro?',
      access_denied: 'Acesso negado',
      authentication_error: 'Erro de autenticação',
    },
    input: {
      file: {
        upload_several: 'Arraste alguns arquivos para enviar ou clique para selecioná-los.',
        upload_single: 'Arraste um arquivo para enviar ou clique para selecioná-lo.',
      },
      image: {
        upload_several: 'Arraste algumas imagens para enviar ou clique para selecioná-las.',
        upload_single: 'Arraste uma imagem para enviar ou clique para selecioná-la.',
      },
      references: {
        all_missing: 'Não foi possível encontrar os dados das referências.',
        many_missing: 'Pelo menos uma das referências associadas não parece mais estar disponível.',
        single_missing: 'A referência associada não parece mais estar disponível.',
      },
      password: {
        // Labels of the eye button, so they name the action it performs, not the current state.
        toggle_visible: 'Ocultar senha',
        toggle_hidden: 'Mostrar senha',
      },
    },
    message: {
      about: 'Sobre',
      access_denied: 'Você não tem permissão para acessar esta página',
      are_you_sure: 'Tem certeza?',
      authentication_error:
        'O servidor de autenticação retornou um erro e suas credenciais não puderam ser verificadas.',
      auth_error: 'Ocorreu um erro ao validar o token de autenticação.',
      // %{name} is a resource label of either gender, hence "este item (...)" instead of "este/esta".
      bulk_delete_content:
        'Tem certeza de que deseja excluir este item (%{name})? |||| ' +
        'Tem certeza de que deseja excluir estes %{smart_count} itens?',
      bulk_delete_title: 'Excluir %{name} |||| Excluir %{smart_count} %{name}',
      bulk_update_content:
        'Tem certeza de que deseja atualizar %{name} %{recordRepresentation}? |||| ' +
        'Tem certeza de que deseja atualizar estes %{smart_count} itens?',
      bulk_update_title: 'Atualizar %{name} %{recordRepresentation} |||| Atualizar %{smart_count} %{name}',
      clear_array_input: 'Tem certeza de que deseja limpar a lista inteira?',
      delete_content: 'Tem certeza de que deseja excluir este item (%{name})?',
      delete_title: 'Excluir %{name} %{recordRepresentation}',
      details: 'Detalhes',
      error: 'Ocorreu um erro no navegador e sua solicitação não pôde ser concluída.',
      invalid_form: 'O formulário não é válido. Verifique os erros.',
      loading: 'Aguarde, por favor',
      no: 'Não',
      not_found: 'Você digitou um endereço incorreto ou seguiu um link inválido.',
      select_all_limit_reached:
        'Há elementos demais para selecionar todos. Apenas os primeiros %{max} foram selecionados.',
      unsaved_changes: 'Algumas alterações não foram salvas. Tem certeza de que deseja descartá-las?',
      yes: 'Sim',
      placeholder_data_warning: 'Problema de rede: não foi possível atualizar os dados.',
    },
    navigation: {
      clear_filters: 'Limpar filtros',
      no_filtered_results: 'Nenhum resultado encontrado em %{name} com os filtros atuais.',
      no_results: 'Nenhum resultado encontrado em %{name}',
      no_more_results: 'A página %{page} está fora dos limites. Tente a página anterior.',
      page_out_of_boundaries: 'Página %{page} fora dos limites',
      page_out_from_end: 'Não é possível ir além da última página',
      page_out_from_begin: 'Não é possível ir antes da página 1',
      page_range_info: '%{offsetBegin}-%{offsetEnd} de %{total}',
      partial_page_range_info: '%{offsetBegin}-%{offsetEnd} de mais de %{offsetEnd}',
      current_page: 'Página %{page}',
      page: 'Ir para a página %{page}',
      first: 'Ir para a primeira página',
      last: 'Ir para a última página',
      next: 'Ir para a próxima página',
      previous: 'Ir para a página anterior',
      page_rows_per_page: 'Linhas por página:',
      skip_nav: 'Pular para o conteúdo',
    },
    sort: {
      // react-admin lower-cases the first letter of the column label for this sentence.
      sort_by: 'Ordenar por %{field_lower_first} em ordem %{order}',
      ASC: 'crescente',
      DESC: 'decrescente',
    },
    auth: {
      auth_check_error: 'Faça login para continuar',
      user_menu: 'Perfil',
      username: 'Usuário',
      password: 'Senha',
      email: 'E-mail',
      sign_in: 'Entrar',
      sign_in_error: 'Falha na autenticação, tente novamente',
      logout: 'Sair',
    },
    notification: {
      updated: 'Registro atualizado |||| %{smart_count} registros atualizados',
      created: 'Registro criado',
      deleted: 'Registro excluído |||| %{smart_count} registros excluídos',
      bad_item: 'Registro incorreto',
      item_doesnt_exist: 'O registro não existe',
      http_error: 'Erro de comunicação com o servidor',
      data_provider_error: 'Erro no provedor de dados. Verifique o console para mais detalhes.',
      i18n_error: 'Não foi possível carregar as traduções para o idioma especificado',
      canceled: 'Ação cancelada',
      logged_out: 'Sua sessão foi encerrada. Faça login novamente.',
      not_authorized: 'Você não tem autorização para acessar este recurso.',
      application_update_available: 'Uma nova versão está disponível.',
      offline: 'Sem conexão. Não foi possível carregar os dados.',
    },
    validation: {
      required: 'Obrigatório',
      minLength: 'Deve ter pelo menos %{min} caracteres',
      maxLength: 'Deve ter no máximo %{max} caracteres',
      minValue: 'Deve ser no mínimo %{min}',
      maxValue: 'Deve ser no máximo %{max}',
      number: 'Deve ser um número',
      email: 'Deve ser um e-mail válido',
      oneOf: 'Deve ser uma das seguintes opções: %{options}',
      regex: 'Deve corresponder a um formato específico (regexp): %{pattern}',
      unique: 'Deve ser único',
    },
    saved_queries: {
      label: 'Consultas salvas',
      query_name: 'Nome da consulta',
      new_label: 'Salvar consulta atual...',
      new_dialog_title: 'Salvar consulta atual como',
      remove_label: 'Remover consulta salva',
      remove_label_with_name: 'Remover consulta "%{name}"',
      remove_dialog_title: 'Remover consulta salva?',
      remove_message: 'Tem certeza de que deseja remover este item da sua lista de consultas salvas?',
      help: 'Filtre a lista e salve esta consulta para usar depois',
    },
    guesser: {
      empty: {
        title: 'Nenhum dado para exibir',
        message: 'Verifique o seu provedor de dados',
      },
    },
    configurable: {
      customize: 'Personalizar',
      configureMode: 'Configurar esta página',
      inspector: {
        title: 'Inspetor',
        content: 'Passe o mouse sobre os elementos da interface para configurá-los',
        reset: 'Redefinir configurações',
        hideAll: 'Ocultar tudo',
        showAll: 'Mostrar tudo',
      },
      Datagrid: {
        title: 'Tabela',
        unlabeled: 'Coluna sem rótulo #%{column}',
      },
      SimpleForm: {
        title: 'Formulário',
        unlabeled: 'Campo sem rótulo #%{input}',
      },
      SimpleList: {
        title: 'Lista',
        primaryText: 'Texto principal',
        secondaryText: 'Texto secundário',
        tertiaryText: 'Texto terciário',
      },
    },
  },
};

function isBranch(value: StringMap[string]): value is StringMap {
  return typeof value === 'object' && value !== null;
}

/** Recursive merge in which `override` wins; neither argument is mutated. */
function deepMerge<T extends StringMap>(base: StringMap, override: T): T {
  const merged: StringMap = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = merged[key];
    merged[key] = isBranch(value) && isBranch(current) ? deepMerge(current, value) : value;
  }
  return merged as T;
}

/*
 * The package is the base layer only so that keys it has beyond react-admin 5's set (the v3
 * `ra.navigation.prev`, which older custom code may still call) keep resolving in Portuguese.
 */
export const raPtBR: TranslationMessages = deepMerge(portugueseMessages, completeMessages);
