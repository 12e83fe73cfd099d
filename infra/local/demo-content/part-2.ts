import type { DemoArticle } from '../demo-articles';

export const PART_2: DemoArticle[] = [
  {
    title: 'Novo corredor de ônibus na Zona Norte do Rio promete cortar 20 minutos por viagem',
    summary:
      'Faixa exclusiva entre Madureira e o Centro entra em operação assistida na segunda-feira; passageiros e comerciantes ainda têm dúvidas sobre paradas e retornos.',
    content: `<p>A partir de segunda-feira, os ônibus que ligam Madureira ao Centro do Rio passam a circular em uma <strong>faixa exclusiva de 11 quilômetros</strong>, com promessa de reduzir em até 20 minutos o tempo médio de viagem no horário de pico. A operação começa em regime assistido, com agentes de trânsito orientando motoristas em cada cruzamento.</p>
<h2>O que muda para quem usa o transporte</h2>
<p>O corredor concentra seis linhas que hoje disputam espaço com carros e caminhões na mesma pista. Com a faixa segregada, a prefeitura estima que a velocidade média dos coletivos suba de 14 km/h para cerca de 22 km/h. As principais mudanças para os passageiros são:</p>
<ul>
<li>12 pontos de parada foram remanejados para o canteiro central, com novas coberturas e iluminação;</li>
<li>duas linhas passam a ter intervalo máximo de 8 minutos entre 6h e 9h;</li>
<li>a integração tarifária com trens e metrô continua valendo no cartão de transporte.</li>
</ul>
<p>Os detalhes das linhas e dos novos pontos estão publicados no <a href="https://prefeitura.rio">portal da prefeitura</a>, que também recebe reclamações sobre a operação assistida.</p>
<h2>Comerciantes temem perda de movimento</h2>
<p>Ao longo do trajeto, lojistas reclamam da retirada de vagas de estacionamento e da proibição de conversões à esquerda em quatro cruzamentos. Na associação comercial do bairro, a preocupação é com o abastecimento: caminhões de carga só poderão parar em baias específicas, e apenas entre 10h e 16h.</p>
<blockquote><p>Ninguém aqui é contra ônibus mais rápido. O problema é que a gente soube das baias de carga pela imprensa, e não numa conversa com a prefeitura.</p></blockquote>
<p>A fala é de <em>Rogério Antunes</em>, dono de uma loja de material de construção há 23 anos na região. Segundo ele, a associação pediu uma reunião para discutir horários de descarga mais flexíveis aos sábados.</p>
<h2>Próximos passos</h2>
<p>A Secretaria Municipal de Transportes afirma que fará uma avaliação em 90 dias, com contagem de passageiros e medição de tempo de viagem. Se os resultados se confirmarem, o modelo deve ser levado a outros dois eixos da Zona Norte ainda neste ano. Para a urbanista <em>Helena Cordeiro</em>, professora de planejamento de transportes, o sucesso depende de fiscalização: <strong>faixa exclusiva invadida por carro particular não entrega o ganho prometido</strong>.</p>`,
    tags: ['mobilidade urbana', 'economia', 'política', 'corredor de ônibus'],
    city_code: '3304557',
    visibility: 'public',
    author: 'autor',
    status: 'published',
    days_ago: 1,
    cover: { hue: 210, accent: 30, motif: 'bars' },
  },
  {
    title: 'Carnaval de Salvador movimenta bairros muito além do circuito da folia',
    summary:
      'Levantamento com ambulantes, pousadas e pequenos restaurantes mostra como o dinheiro da festa se espalha pela cidade e quem ainda fica de fora da conta.',
    content: `<p>Os seis dias de Carnaval em Salvador costumam ser medidos pelo número de turistas e pela ocupação hoteleira na orla. Mas um levantamento feito com ambulantes, donos de pousadas e pequenos restaurantes mostra que <strong>boa parte do dinheiro da festa circula em bairros distantes dos circuitos</strong>, em cozinhas comunitárias, costureiras e oficinas de adereços que trabalham o ano inteiro para a folia.</p>
<h2>Uma cadeia que começa meses antes</h2>
<p>No Curuzu, na Liberdade e em Itapuã, a preparação começa ainda em setembro. Blocos afro e de bairro encomendam fantasias, instrumentos e abadás de produtores locais, o que garante renda extra para dezenas de famílias. Entre os setores mais citados pelos entrevistados estão:</p>
<ul>
<li>confecção de fantasias e figurinos, com costureiras que chegam a triplicar a produção;</li>
<li>alimentação, com marmitas vendidas para equipes de blocos, seguranças e cordeiros;</li>
<li>hospedagem informal, com quartos alugados por temporada em bairros próximos ao centro;</li>
<li>transporte por aplicativo e mototáxi, que atendem trajetos fora do alcance dos ônibus.</li>
</ul>
<h2>Renda concentrada e trabalho precário</h2>
<p>O outro lado da conta é menos festivo. Cordeiros, trabalhadores que seguram as cordas dos blocos, relatam jornadas de até dez horas com pagamento abaixo de um salário mínimo pelos dias de festa. Ambulantes cadastrados reclamam do custo para manter o isopor abastecido e da concorrência com marcas patrocinadoras nos camarotes.</p>
<blockquote><p>O Carnaval paga minhas contas de março e abril. Mas eu vendo no sol o dia inteiro e pago o gelo mais caro do ano. O que sobra é pouco perto do que a festa fatura.</p></blockquote>
<p>O depoimento é de <em>Marinalva Cerqueira</em>, ambulante há 15 anos no circuito Barra-Ondina. Ela integra uma associação que pede à prefeitura pontos de apoio com banheiro, água e armazenamento de mercadorias.</p>
<h2>O que dizem os especialistas</h2>
<p>Para o economista <em>Caio Lacerda</em>, pesquisador de economia da cultura, a cidade ainda mede mal o impacto da festa. Ele defende que os números oficiais incluam a produção dos bairros e o trabalho informal, hoje invisíveis nas estatísticas. Dados sobre turismo e eventos podem ser consultados no <a href="https://www.salvador.ba.gov.br">site da prefeitura</a> e nos boletins do <a href="https://www.gov.br/turismo">Ministério do Turismo</a>. <strong>Sem esse retrato completo</strong>, diz ele, fica difícil desenhar políticas que distribuam melhor a renda gerada pela maior festa da cidade.</p>`,
    tags: ['economia', 'cultura', 'turismo', 'carnaval'],
    city_code: '2927408',
    visibility: 'premium',
    author: 'editor',
    status: 'published',
    days_ago: 4,
    cover: { hue: 40, accent: 320, motif: 'sun' },
  },
  {
    title: 'Parques de bairro viram refúgio contra o calor extremo em Belo Horizonte',
    summary:
      'Medições feitas por estudantes mostram diferença de até 6 °C entre praças arborizadas e ruas asfaltadas; moradores pedem mais sombra e bebedouros.',
    content: `<p>Em tardes de calor extremo, a diferença entre uma rua asfaltada e um parque de bairro em Belo Horizonte pode chegar a <strong>6 °C</strong>. É o que mostram medições feitas por estudantes de uma escola estadual da Região Nordeste da capital, que passaram três semanas registrando temperaturas em pontos diferentes do mesmo bairro.</p>
<h2>Termômetro na mão e planilha no caderno</h2>
<p>O projeto nasceu numa aula de geografia. Com termômetros digitais emprestados por uma universidade, os alunos do 9º ano mediram a temperatura do ar e do solo às 14h em dez locais. Os resultados chamaram a atenção até dos professores:</p>
<ul>
<li>no asfalto de uma avenida sem árvores, o solo passou de 52 °C;</li>
<li>sob a copa de mangueiras e ipês do parque do bairro, o solo ficou em 31 °C;</li>
<li>a temperatura do ar variou até 6 °C entre os pontos mais quentes e os mais frescos.</li>
</ul>
<blockquote><p>A gente sempre soube que no parque era mais fresco. Agora tem número para mostrar na reunião da regional.</p></blockquote>
<p>A frase é da estudante <em>Larissa Moura</em>, de 14 anos, que apresentou os dados em uma audiência pública da administração regional no mês passado.</p>
<h2>Ilhas de calor e saúde</h2>
<p>Médicos lembram que o calor intenso agrava doenças cardiovasculares e respiratórias e aumenta o risco de desidratação, sobretudo em idosos e crianças. Para a sanitarista <em>Beatriz Aguiar</em>, os parques funcionam como <strong>infraestrutura de saúde pública</strong>, e não apenas como área de lazer. Ela recomenda evitar exposição ao sol entre 10h e 16h e manter a hidratação constante, orientações também divulgadas pelo <a href="https://www.gov.br/saude">Ministério da Saúde</a>.</p>
<h2>O que pedem os moradores</h2>
<p>A associação de moradores entregou à prefeitura uma lista de reivindicações: plantio de árvores nas calçadas das avenidas mais quentes, instalação de bebedouros nos parques e ampliação do horário de funcionamento nos dias de alerta de calor. A prefeitura informou, por meio do <a href="https://prefeitura.pbh.gov.br">portal oficial</a>, que o plano municipal de arborização prevê novas mudas para a região ainda neste ano, mas não detalhou quantidades nem prazos. <em>Os estudantes prometem repetir as medições no próximo verão</em> para conferir se algo mudou.</p>`,
    tags: ['meio ambiente', 'saúde', 'educação', 'ilhas de calor'],
    city_code: '3106200',
    visibility: 'public',
    author: 'autor',
    status: 'published',
    days_ago: 7,
    cover: { hue: 130, accent: 50, motif: 'hills' },
  },
  {
    title: 'Biblioteca de bairro em Curitiba amplia horário e vira ponto de encontro de jovens',
    summary:
      'Com abertura até as 21h e sala de estudos reformada, unidade no Boqueirão triplicou a frequência noturna e atrai estudantes que se preparam para o vestibular.',
    content: `<p>Desde que passou a funcionar até as 21h, a biblioteca pública do Boqueirão, em Curitiba, <strong>triplicou o número de visitantes no período noturno</strong>. A maioria é de jovens entre 15 e 24 anos que trabalham durante o dia e usam o espaço para estudar para o vestibular e concursos.</p>
<h2>Sala cheia depois do expediente</h2>
<p>A ampliação do horário veio acompanhada de uma reforma na sala de estudos, que ganhou novas mesas, tomadas em todos os lugares e internet sem fio mais estável. Segundo a coordenação da unidade, a média de frequência entre 18h e 21h passou de 40 para cerca de 130 pessoas por noite. Entre as novidades do espaço estão:</p>
<ul>
<li>empréstimo de notebooks para uso interno, com reserva de duas horas;</li>
<li>grupos de estudo mediados por voluntários, duas vezes por semana;</li>
<li>um acervo ampliado de apostilas e livros preparatórios doados pela comunidade.</li>
</ul>
<blockquote><p>Eu saio do serviço às seis e não tenho silêncio em casa. Aqui eu consigo estudar duas horas seguidas, e isso mudou tudo.</p></blockquote>
<p>O relato é de <em>Gustavo Ferraz</em>, de 19 anos, que trabalha como repositor em um supermercado e tenta uma vaga em engenharia civil.</p>
<h2>Leitura para além da prova</h2>
<p>A bibliotecária <em>Cláudia Rezende</em>, que coordena a unidade, conta que o movimento também reanimou o clube de leitura, criado há dez anos e quase esvaziado durante a pandemia. Hoje, o grupo reúne cerca de 25 participantes às quintas-feiras e já discutiu de clássicos da literatura brasileira a romances gráficos. <strong>A biblioteca não é só lugar de silêncio</strong>, diz ela, mas de conversa, encontro e descoberta.</p>
<h2>Modelo pode chegar a outras regionais</h2>
<p>A Fundação Cultural de Curitiba avalia estender o horário de outras unidades da rede, mas depende de contratação de pessoal e de ajustes na segurança do entorno. Moradores pedem mais iluminação no trajeto até o ponto de ônibus. A programação das bibliotecas públicas pode ser consultada no <a href="https://www.curitiba.pr.gov.br">portal da prefeitura</a>, e dados nacionais sobre bibliotecas estão disponíveis no site do <a href="https://www.gov.br/cultura">Ministério da Cultura</a>.</p>`,
    tags: ['educação', 'cultura', 'biblioteca pública'],
    city_code: '4106902',
    visibility: 'public',
    author: 'autor',
    status: 'published',
    days_ago: 10,
    cover: { hue: 280, accent: 60, motif: 'grid' },
  },
  {
    title: 'Campanha de vacinação leva postos volantes a escolas e estações no Rio',
    summary:
      'Estratégia busca recuperar a cobertura vacinal de crianças e adolescentes; equipes vão atender também em terminais de trem e metrô até o fim do mês.',
    content: `<p>Para tentar recuperar a cobertura vacinal de crianças e adolescentes, a rede municipal de saúde do Rio de Janeiro vai instalar <strong>postos volantes em escolas, terminais de trem e estações de metrô</strong> até o fim do mês. A meta é alcançar quem não consegue ir a uma clínica da família em horário comercial.</p>
<h2>Onde e como se vacinar</h2>
<p>As equipes vão atualizar a caderneta de vacinação com as doses previstas no calendário nacional, incluindo sarampo, HPV, poliomielite e febre amarela. Para ser atendido, basta apresentar um documento de identificação e, se possível, a caderneta. Os pontos de atendimento incluem:</p>
<ul>
<li>escolas municipais, durante o horário de aula, com autorização dos responsáveis;</li>
<li>terminais e estações com grande fluxo de passageiros, das 7h às 19h;</li>
<li>praças e feiras de bairro aos sábados, em esquema de rodízio.</li>
</ul>
<p>O calendário completo de vacinação está disponível no site do <a href="https://www.gov.br/saude">Ministério da Saúde</a>, e a lista de postos é atualizada diariamente no <a href="https://prefeitura.rio">portal da prefeitura</a>.</p>
<h2>Por que a cobertura caiu</h2>
<p>Profissionais da rede apontam uma combinação de fatores: a rotina apertada das famílias, a desinformação que circula nas redes sociais e a falsa sensação de que doenças como o sarampo ficaram no passado. Para a pediatra <em>Fernanda Guimarães</em>, que atua em uma clínica da família na Zona Oeste, o contato direto faz diferença.</p>
<blockquote><p>Quando a vacina vai até a escola, a gente conversa com o pai, tira dúvida na hora e resolve em cinco minutos o que ficaria meses adiado.</p></blockquote>
<h2>Escolas como aliadas</h2>
<p>Diretores de escolas municipais relatam que a adesão melhora quando os próprios alunos levam informações para casa. Em uma unidade de Campo Grande, a professora <em>Simone Barreto</em> transformou o tema em projeto de ciências: os estudantes pesquisaram a história das vacinas e produziram cartazes para a comunidade. <strong>Mais de 80% dos termos de autorização voltaram assinados</strong> na primeira semana, segundo a direção. A secretaria pretende repetir a estratégia no segundo semestre, caso os resultados se confirmem.</p>`,
    tags: ['saúde', 'educação', 'vacinação'],
    city_code: '3304557',
    visibility: 'public',
    author: 'master',
    status: 'published',
    days_ago: 13,
    cover: { hue: 0, accent: 180, motif: 'circles' },
  },
  {
    title: 'Polo de tecnologia no Rebouças atrai startups e desafia a falta de mão de obra',
    summary:
      'Antigos galpões industriais de Curitiba abrigam hoje mais de 60 empresas de tecnologia; setor cresce, mas disputa programadores com o mercado remoto.',
    content: `<p>Os galpões que um dia abrigaram fábricas e depósitos no Rebouças, em Curitiba, hoje reúnem <strong>mais de 60 empresas de tecnologia</strong>, de startups com três funcionários a companhias de software com centenas de colaboradores. O crescimento do polo, porém, esbarra em um problema conhecido de todo o setor: a falta de profissionais qualificados.</p>
<h2>Do chão de fábrica ao código</h2>
<p>A transformação do bairro começou há pouco mais de uma década, com incentivos fiscais e a instalação de espaços de trabalho compartilhado. Desde então, o perfil da região mudou: cafés, restaurantes e coworkings ocuparam imóveis antes vazios. Entre as áreas que mais crescem no polo estão:</p>
<ul>
<li>soluções para o agronegócio, como monitoramento de lavouras por sensores;</li>
<li>tecnologia financeira voltada a cooperativas de crédito;</li>
<li>software de gestão para prefeituras e serviços públicos;</li>
<li>saúde digital, com plataformas de agendamento e telemedicina.</li>
</ul>
<h2>A disputa por talentos</h2>
<p>Com o trabalho remoto, empresas curitibanas passaram a competir por programadores com companhias de São Paulo e do exterior, que pagam em dólar. Para a fundadora de uma startup de logística, <em>Juliana Kowalski</em>, o salário deixou de ser o único argumento.</p>
<blockquote><p>Não dá para cobrir a oferta de uma empresa estrangeira. O que a gente oferece é projeto com impacto real, flexibilidade e a chance de crescer rápido dentro da equipe.</p></blockquote>
<p>Segundo associações do setor, há centenas de vagas abertas na cidade, principalmente para desenvolvedores com alguma experiência. <em>Vagas de nível júnior são disputadas</em>, enquanto posições sênior ficam meses sem preenchimento.</p>
<h2>Formação como saída</h2>
<p>Para enfrentar o gargalo, empresas do polo firmaram parcerias com universidades e escolas técnicas para oferecer cursos gratuitos de programação a jovens da rede pública. O primeiro grupo, com 120 alunos, começa no próximo mês. O economista <em>Marcelo Tavares</em> avalia que a iniciativa é positiva, mas insuficiente sem política pública de longo prazo. Informações sobre programas de inovação e fomento estão disponíveis no site do <a href="https://www.gov.br/mcti">Ministério da Ciência, Tecnologia e Inovação</a> e no <a href="https://www.curitiba.pr.gov.br">portal da prefeitura</a>. <strong>O desafio, diz ele, é garantir que o polo cresça junto com a cidade</strong>, e não apenas dentro dos galpões.</p>`,
    tags: ['tecnologia', 'economia', 'educação', 'startups'],
    city_code: '4106902',
    visibility: 'premium',
    author: 'editor',
    status: 'published',
    days_ago: 16,
    cover: { hue: 190, accent: 290, motif: 'grid' },
  },
  {
    title: 'Rodas de capoeira no Pelourinho formam nova geração de mestres em Salvador',
    summary:
      'Escolas tradicionais do Centro Histórico oferecem aulas gratuitas para crianças e adolescentes e lutam para manter vivos os saberes da capoeira angola.',
    content: `<p>Aos sábados, o som do berimbau ecoa pelas ladeiras do Pelourinho antes mesmo da chegada dos turistas. Em academias tradicionais do Centro Histórico de Salvador, <strong>crianças e adolescentes de bairros vizinhos treinam de graça</strong> ao lado de mestres com décadas de roda, num esforço para formar a próxima geração de capoeiristas.</p>
<h2>Mais que um jogo</h2>
<p>Reconhecida como patrimônio cultural imaterial, a capoeira reúne luta, dança, música e memória. Nas aulas, os alunos aprendem os movimentos, mas também a tocar os instrumentos, cantar as ladainhas e conhecer a história dos antigos mestres. A rotina de uma das escolas inclui:</p>
<ul>
<li>treino físico e de movimentos três vezes por semana;</li>
<li>oficinas de construção de berimbau com cabaça e biriba;</li>
<li>rodas de conversa sobre a história da capoeira e da cultura afro-brasileira;</li>
<li>acompanhamento do boletim escolar dos alunos, exigido para participar das rodas.</li>
</ul>
<blockquote><p>A capoeira me ensinou a ter paciência. Na roda você aprende a esperar a hora certa, e isso serve para a escola e para a vida.</p></blockquote>
<p>A reflexão é de <em>Daniel Santana</em>, de 16 anos, aluno há cinco anos e hoje monitor das turmas infantis. Ele sonha em receber o título de contramestre antes dos 25.</p>
<h2>Desafio é manter as portas abertas</h2>
<p>Apesar do prestígio internacional, as escolas vivem com orçamento apertado. O aluguel de imóveis no Centro Histórico subiu com a valorização turística, e muitas academias dependem de alunos estrangeiros que pagam mensalidade para financiar as turmas gratuitas. Para o mestre <em>Raimundo Bonfim</em>, que ensina capoeira angola há mais de 40 anos, a conta não fecha sem apoio público.</p>
<p>Ele defende editais permanentes voltados aos mestres e um cadastro das escolas tradicionais. Informações sobre o registro da capoeira como patrimônio estão no site do <a href="https://www.gov.br/iphan">Iphan</a>, e editais municipais de cultura são divulgados no <a href="https://www.salvador.ba.gov.br">portal da prefeitura</a>.</p>
<h2>Esporte, turismo e identidade</h2>
<p>A capoeira também movimenta o turismo: visitantes assistem às rodas, compram instrumentos e fazem aulas experimentais. Para os mestres, o desafio é equilibrar essa vitrine com a tradição. <em>Roda não é espetáculo</em>, lembra Bonfim, <strong>é encontro de comunidade</strong>, e é isso que a nova geração precisa aprender a preservar.</p>`,
    tags: ['cultura', 'esporte', 'educação', 'turismo', 'capoeira'],
    city_code: '2927408',
    visibility: 'public',
    author: 'autor',
    status: 'published',
    days_ago: 19,
    cover: { hue: 20, accent: 160, motif: 'waves' },
  },
  {
    title: 'Ciclovias de Belo Horizonte crescem, mas falhas de conexão ainda afastam ciclistas',
    summary:
      'Rede cicloviária da capital mineira cresce na Pampulha e no Barreiro; ciclistas apontam trechos interrompidos e pedem integração com o transporte público.',
    content: `<p>A rede cicloviária de Belo Horizonte ganhou <strong>novos trechos na Pampulha e no Barreiro</strong> nos últimos meses, mas quem pedala pela cidade diz que o principal problema continua sendo a falta de conexão entre as ciclovias. Em muitos pontos, a pista termina de repente e o ciclista precisa dividir a avenida com carros e ônibus.</p>
<h2>Onde a rede cresceu</h2>
<p>As obras recentes priorizaram regiões mais planas, onde a bicicleta já é usada no deslocamento para o trabalho. Entre as principais intervenções estão:</p>
<ul>
<li>um trecho de ciclovia segregada ligando bairros residenciais da Pampulha a um terminal de ônibus;</li>
<li>ciclofaixas pintadas em vias do Barreiro com grande circulação de trabalhadores;</li>
<li>novos paraciclos em estações de ônibus e próximos a escolas municipais.</li>
</ul>
<h2>Ladeiras e trechos interrompidos</h2>
<p>O relevo acidentado da capital é um obstáculo conhecido, mas os ciclistas afirmam que o problema maior é a descontinuidade. Um mapeamento feito por um coletivo de ciclistas urbanos identificou dezenas de pontos em que a ciclovia é interrompida sem sinalização. Para a coordenadora do grupo, <em>Patrícia Vilela</em>, isso afasta justamente quem está começando a pedalar.</p>
<blockquote><p>A pessoa sai de casa tranquila na ciclovia e, dois quilômetros depois, está no meio de uma avenida movimentada. Uma experiência ruim dessas basta para ela desistir da bicicleta.</p></blockquote>
<p>O coletivo entregou o mapeamento à prefeitura e pede que as próximas obras priorizem a ligação entre trechos já existentes, em vez de novos segmentos isolados.</p>
<h2>Bicicleta elétrica e integração</h2>
<p>A popularização das bicicletas elétricas ajudou a vencer as subidas e ampliou o perfil de quem pedala, incluindo entregadores e trabalhadores mais velhos. O engenheiro de tráfego <em>Otávio Resende</em> avalia que a cidade precisa tratar a bicicleta como parte do sistema de transporte, com <strong>bicicletários seguros nas estações e tarifa integrada</strong> com o aluguel de bicicletas compartilhadas. Segundo ele, isso reduziria emissões e aliviaria o trânsito nos horários de pico.</p>
<p>A prefeitura informou, pelo <a href="https://prefeitura.pbh.gov.br">portal oficial</a>, que o plano de mobilidade prevê a ampliação da rede nos próximos anos. Diretrizes nacionais sobre mobilidade ativa estão disponíveis no site do <a href="https://www.gov.br/cidades">Ministério das Cidades</a>. <em>Para os ciclistas, o teste será a próxima temporada de obras.</em></p>`,
    tags: ['mobilidade urbana', 'meio ambiente', 'esporte', 'ciclovias'],
    city_code: '3106200',
    visibility: 'premium',
    author: 'autor',
    status: 'published',
    days_ago: 22,
    cover: { hue: 100, accent: 10, motif: 'bars' },
  },
  {
    title: 'Feira de comida de rua na Tijuca reúne cozinheiros do subúrbio carioca',
    summary:
      'Evento mensal em praça da Zona Norte reúne 40 barracas, de angu à baiana a pastel de feira, e vira vitrine para empreendedores que começaram em casa.',
    content: `<p>Uma vez por mês, uma praça da Tijuca, na Zona Norte do Rio, se transforma em um grande salão de comida a céu aberto. A feira de comida de rua reúne <strong>40 barracas de cozinheiros de diversos bairros do subúrbio carioca</strong>, que vendem de angu à baiana a pastel de feira, e atrai milhares de visitantes entre a tarde e a noite de domingo.</p>
<h2>Da cozinha de casa para a praça</h2>
<p>A maioria dos expositores começou vendendo por encomenda para vizinhos e amigos. Na feira, eles encontram um público maior e a chance de testar receitas novas. A organização seleciona os participantes por meio de chamada pública e exige:</p>
<ul>
<li>curso de boas práticas de manipulação de alimentos;</li>
<li>registro como microempreendedor individual;</li>
<li>uso de embalagens recicláveis ou compostáveis;</li>
<li>pelo menos uma opção de prato com preço popular.</li>
</ul>
<p>Quem quer se formalizar pode encontrar orientações sobre o cadastro de MEI no <a href="https://www.gov.br/empresas-e-negocios">portal de empresas e negócios do governo federal</a>.</p>
<h2>Sabores de memória</h2>
<p>Entre as barracas mais disputadas está a de <em>Dona Conceição Lima</em>, de 67 anos, que serve o angu com miúdos que aprendeu com a avó em Madureira. Ao lado, o jovem <em>Thiago Medeiros</em> vende sanduíches de pernil inspirados nos botecos da Leopoldina.</p>
<blockquote><p>Eu cozinho o que comia quando criança. Tem gente que prova e começa a chorar, porque lembra da família. Isso não tem preço.</p></blockquote>
<p>A fala é de Dona Conceição, que já recebeu convites para abrir um restaurante, mas prefere continuar na praça, onde conhece cada cliente pelo nome.</p>
<h2>Economia local e desafios</h2>
<p>Além da renda para os cozinheiros, a feira movimenta o comércio do entorno, de bares a lojas de bebidas. Comerciantes vizinhos relatam aumento de até 30% no faturamento nos domingos de evento. Moradores, no entanto, reclamam do barulho e da falta de banheiros químicos suficientes. A organização promete ampliar a estrutura na próxima edição e negocia com a administração regional, que divulga as autorizações de eventos no <a href="https://prefeitura.rio">portal da prefeitura</a>. <strong>A ideia é que a feira cresça sem perder o caráter de bairro</strong> que a tornou conhecida.</p>`,
    tags: ['gastronomia', 'cultura', 'economia', 'feira de rua'],
    city_code: '3304557',
    visibility: 'public',
    author: 'autor',
    status: 'draft',
    days_ago: 25,
    cover: { hue: 340, accent: 120, motif: 'circles' },
  },
];
