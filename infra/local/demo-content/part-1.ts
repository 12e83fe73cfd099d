import type { DemoArticle } from '../demo-articles';

export const PART_1: DemoArticle[] = [
  {
    title: 'Novo corredor de ônibus na zona leste promete encurtar viagens em 20 minutos',
    summary:
      'Faixa exclusiva entre Itaquera e o Tatuapé começa a operar na segunda-feira; passageiros e comerciantes dividem expectativas sobre o impacto no trânsito da região.',
    content: `<p>O corredor de ônibus que liga Itaquera ao Tatuapé, na zona leste de São Paulo, entra em operação na próxima segunda-feira depois de quase dois anos de obras. A estimativa da prefeitura é que as 14 linhas que passarão pela faixa exclusiva economizem, em média, <strong>20 minutos por viagem</strong> nos horários de pico.</p>
<h2>O que muda para quem usa o transporte</h2>
<p>São 9,4 quilômetros de faixa à esquerda, separada do tráfego geral por tachões e com 16 paradas novas, todas com cobertura, bancos e painéis que informam o tempo de espera. O embarque passa a ser feito em plataformas no nível do piso do ônibus, o que deve acelerar a subida de passageiros com mobilidade reduzida.</p>
<ul>
<li>As linhas que hoje seguem pela pista da direita serão remanejadas gradualmente ao longo de três semanas;</li>
<li>Duas linhas noturnas passam a circular a cada 15 minutos, e não mais a cada 30;</li>
<li>Os cruzamentos mais movimentados ganharam semáforos com prioridade para os ônibus.</li>
</ul>
<p>A auxiliar de enfermagem Rosângela Tavares, de 47 anos, faz o trajeto diariamente até um hospital no Tatuapé. “Saio de casa às 5h10 para chegar às 7h. Se for verdade essa economia de tempo, é meia hora a mais de sono por dia”, diz.</p>
<h2>Comércio teme perda de vagas</h2>
<p>Nem todos comemoram. A implantação do corredor eliminou cerca de 300 vagas de estacionamento ao longo da avenida, e parte dos lojistas diz que já sente a queda no movimento. A associação comercial do bairro pede a criação de áreas de carga e descarga em ruas paralelas.</p>
<blockquote><p>Ninguém é contra o ônibus andar mais rápido. O que a gente pede é que o cliente que vem de carro tenha onde parar por dez minutos.</p></blockquote>
<p>A declaração é de <em>Valdir Menezes</em>, que há 22 anos mantém uma loja de materiais elétricos na avenida. Segundo a Secretaria de Mobilidade, um estudo sobre bolsões de estacionamento rotativo nas transversais será apresentado até o fim do semestre.</p>
<h2>Próximas etapas</h2>
<p>O plano de metas municipal prevê outros três corredores na zona leste até 2027. O cronograma e os mapas das linhas afetadas estão disponíveis no <a href="https://www.prefeitura.sp.gov.br">portal da prefeitura</a>. Dados de deslocamento casa-trabalho usados no planejamento podem ser consultados no <a href="https://www.ibge.gov.br">IBGE</a>.</p>`,
    tags: ['mobilidade urbana', 'economia', 'política', 'corredor de ônibus'],
    city_code: '3550308',
    visibility: 'public',
    author: 'autor',
    status: 'published',
    days_ago: 0,
    cover: { hue: 210, accent: 35, motif: 'grid' },
  },
  {
    title: 'Festival de frevo no Bairro do Recife reúne 40 agremiações fora do Carnaval',
    summary:
      'Em sua primeira edição, o encontro ocupa ruas e pátios do centro histórico por três fins de semana e aposta em oficinas gratuitas para crianças e adolescentes.',
    content: `<p>Quem passar pelo Bairro do Recife nos próximos três fins de semana vai ouvir metais e ver sombrinhas coloridas muito antes de fevereiro. O <strong>Festival Frevo o Ano Inteiro</strong> reúne 40 agremiações, entre clubes de rua, troças e orquestras, em apresentações gratuitas no centro histórico da capital pernambucana.</p>
<h2>Programação espalhada pelo centro</h2>
<p>Os palcos principais ficam no Marco Zero e na Rua da Moeda, mas a organização quis levar o frevo também para pátios menos conhecidos. Cada noite termina com um cortejo que sai da Rua do Bom Jesus às 21h.</p>
<ul>
<li><strong>Sextas:</strong> orquestras de frevo de bloco e apresentações de passistas veteranos;</li>
<li><strong>Sábados:</strong> troças e clubes de bairro, com concurso de estandartes;</li>
<li><strong>Domingos:</strong> matinês voltadas às famílias, com oficinas de passo para crianças.</li>
</ul>
<h2>Formação de novos passistas</h2>
<p>O destaque da programação são as oficinas gratuitas, oferecidas a estudantes da rede pública de 8 a 17 anos. A meta é atender 600 jovens, que ao final poderão integrar o cortejo de encerramento. A coordenadora pedagógica do projeto, <em>Jussara Albuquerque</em>, diz que o objetivo é manter a tradição viva entre gerações.</p>
<blockquote><p>O frevo não pode depender só de cinco dias de Carnaval. Se a criança aprende o passo em maio, ela chega em fevereiro sabendo que aquilo também é dela.</p></blockquote>
<p>O mestre de orquestra Severino Batista, de 68 anos, vai reger um dos concertos de sexta e comemora a iniciativa. “Os músicos precisam tocar o ano todo para se manter. Festival assim é trabalho e é vitrine”, afirma.</p>
<h2>Efeito no comércio e no turismo</h2>
<p>Bares e restaurantes do entorno esperam movimento até 30% maior nas noites de evento, segundo a associação de empresários do centro. A rede hoteleira também aposta em pacotes de fim de semana para visitantes de outras capitais do Nordeste.</p>
<p>A programação completa, com horários e locais de inscrição nas oficinas, está no <a href="https://www2.recife.pe.gov.br">site da Prefeitura do Recife</a>. O frevo é registrado como Patrimônio Cultural Imaterial, e a documentação do registro pode ser consultada no <a href="https://www.gov.br/iphan">portal do Iphan</a>.</p>`,
    tags: ['cultura', 'turismo', 'educação', 'frevo'],
    city_code: '2611606',
    visibility: 'public',
    author: 'editor',
    status: 'published',
    days_ago: 3,
    cover: { hue: 18, accent: 330, motif: 'circles' },
  },
  {
    title: 'Monitoramento do Guaíba aponta melhora na qualidade da água em três pontos',
    summary:
      'Boletim de pesquisadores e técnicos municipais mostra queda de coliformes perto da orla, mas alerta para esgoto sem tratamento que ainda chega pelos arroios da zona sul.',
    content: `<p>Um ano depois da ampliação da rede de coleta de esgoto em bairros da zona norte de Porto Alegre, o novo boletim de monitoramento do Guaíba registra <strong>melhora na qualidade da água em três dos onze pontos</strong> analisados. A redução de coliformes é mais visível nas proximidades da orla revitalizada, um dos cartões-postais da cidade.</p>
<h2>O que os números mostram</h2>
<p>As coletas são feitas a cada 15 dias por uma equipe que reúne técnicos do departamento municipal de água e esgotos e pesquisadores de uma universidade da capital. O boletim consolida doze meses de análises e compara os resultados com a série histórica dos cinco anos anteriores.</p>
<ul>
<li>Nos três pontos com melhora, a concentração média de coliformes caiu entre 35% e 52%;</li>
<li>Cinco pontos permaneceram estáveis, ainda acima do limite considerado adequado para banho;</li>
<li>Três pontos, próximos à foz de arroios da zona sul, tiveram piora nos meses de chuva.</li>
</ul>
<p>A bióloga <em>Carla Weber Nunes</em>, que coordena as coletas, explica que a chuva arrasta para o lago o esgoto lançado de forma irregular nos arroios. “Quando chove forte, em poucas horas o ponto que estava bom volta a ficar impróprio. É um retrato fiel do que falta fazer nas ligações domiciliares”, afirma.</p>
<h2>Balneabilidade ainda é exceção</h2>
<p>Apesar do avanço, o banho segue liberado apenas em trechos específicos e em períodos determinados, sempre após divulgação do boletim semanal. A orientação é evitar o contato com a água por até 48 horas depois de chuvas intensas.</p>
<blockquote><p>A melhora mostra que investimento em saneamento dá resultado rápido. Mas o lago é um só: não adianta limpar a zona norte e esquecer a zona sul.</p></blockquote>
<p>A avaliação é do engenheiro sanitarista Rogério Fagundes, consultor de um comitê de bacia hidrográfica da região. Segundo ele, o próximo passo deve ser a fiscalização de imóveis que, mesmo com rede disponível, ainda não se conectaram ao sistema.</p>
<h2>Como acompanhar</h2>
<p>Os boletins de balneabilidade são publicados semanalmente no <a href="https://prefeitura.poa.br">site da Prefeitura de Porto Alegre</a>. Indicadores de saneamento por município também estão disponíveis no <a href="https://www.gov.br/cidades">portal do Ministério das Cidades</a>.</p>`,
    tags: ['meio ambiente', 'saúde', 'política', 'guaíba'],
    city_code: '4314902',
    visibility: 'premium',
    author: 'autor',
    status: 'published',
    days_ago: 6,
    cover: { hue: 190, accent: 95, motif: 'waves' },
  },
  {
    title: 'Feirantes da Manaus Moderna apostam no Pix e em entregas por aplicativo',
    summary:
      'Pequenos vendedores de peixe, frutas e farinha relatam aumento de até 25% no faturamento depois de adotar pagamentos digitais e pedidos pelo celular.',
    content: `<p>Entre bancas de tambaqui, pirarucu e sacas de farinha d’água, a Feira da Manaus Moderna vive uma transformação silenciosa. Uma pesquisa feita com 180 permissionários mostra que <strong>sete em cada dez já aceitam Pix</strong> e quase um terço recebe pedidos por aplicativo de mensagens, com entrega feita por mototaxistas da região.</p>
<h2>Do caderninho ao QR Code</h2>
<p>A mudança começou durante a pandemia, mas ganhou força no último ano, quando um programa de capacitação oferecido pelo poder público municipal e por uma entidade de apoio a pequenos negócios levou oficinas de gestão financeira para dentro da feira. Os encontros aconteceram no início da manhã, antes da abertura das bancas.</p>
<ul>
<li>72% dos feirantes ouvidos aceitam pagamentos por Pix;</li>
<li>31% recebem encomendas pelo celular e fazem entregas na cidade;</li>
<li>Quase metade passou a separar as contas da banca das despesas da casa.</li>
</ul>
<p>Dona <em>Raimunda Cardoso</em>, de 58 anos, vende frutas regionais há três décadas. Ela conta que o cupuaçu e o tucumã agora saem também para restaurantes que fazem pedidos na véspera. “Antes eu esperava o cliente chegar. Hoje, às seis da manhã, já tenho dez pedidos no celular”, diz.</p>
<h2>Formalização ainda é desafio</h2>
<p>O avanço digital, porém, não veio acompanhado na mesma velocidade pela formalização. Menos de 40% dos entrevistados estão registrados como microempreendedores individuais, o que limita o acesso a crédito e à previdência.</p>
<blockquote><p>O feirante entendeu rápido que o Pix ajuda a vender. Agora precisa entender que o CNPJ ajuda a crescer, a comprar freezer novo, a financiar a banca.</p></blockquote>
<p>A avaliação é do economista Mauro Siqueira, que acompanhou a pesquisa. Ele lembra que a feira abastece boa parte dos restaurantes do centro e tem peso relevante na economia da orla do Rio Negro.</p>
<h2>Onde buscar orientação</h2>
<p>Quem quiser se formalizar pode fazer o cadastro de MEI de forma gratuita pelo <a href="https://www.gov.br/empresas-e-negocios">portal Empresas e Negócios</a>. A prefeitura mantém um ponto de atendimento na própria feira às terças e quintas, e as informações sobre o programa estão no <a href="https://www.manaus.am.gov.br">site da Prefeitura de Manaus</a>.</p>`,
    tags: ['economia', 'tecnologia', 'gastronomia', 'feiras'],
    city_code: '1302603',
    visibility: 'public',
    author: 'autor',
    status: 'published',
    days_ago: 9,
    cover: { hue: 140, accent: 48, motif: 'bars' },
  },
  {
    title: 'Startups da região da Faria Lima buscam talentos fora do eixo e adotam trabalho híbrido',
    summary:
      'Empresas de tecnologia sediadas em São Paulo contratam cada vez mais profissionais do interior e do Nordeste e reduzem escritórios sem abandonar o presencial.',
    content: `<p>As startups instaladas entre a Faria Lima e Pinheiros, em São Paulo, estão mudando a forma como contratam. Levantamento com 60 empresas de tecnologia da região mostra que <strong>41% das vagas abertas no último ano foram preenchidas por profissionais que moram fora da capital</strong>, muitos deles no interior paulista e em cidades do Nordeste.</p>
<h2>Escritório menor, encontro planejado</h2>
<p>A maior parte das empresas adotou o modelo híbrido, com dois ou três dias presenciais por semana para quem mora na cidade e encontros mensais para os contratados a distância. Com isso, muitas devolveram andares inteiros e passaram a usar espaços compartilhados.</p>
<ul>
<li>Metade das startups ouvidas reduziu a área de escritório desde 2022;</li>
<li>Um terço paga passagens e hospedagem para encontros presenciais periódicos;</li>
<li>As áreas mais procuradas são engenharia de dados, produto e segurança da informação.</li>
</ul>
<p>A fundadora de uma fintech de crédito para pequenos comerciantes, <em>Beatriz Okamoto</em>, conta que metade da equipe de engenharia trabalha de Campina Grande, Fortaleza e Ribeirão Preto. “O talento não está só num raio de cinco quilômetros da Faria Lima. A gente demorou para aceitar isso”, afirma.</p>
<h2>Efeitos no bairro</h2>
<p>A mudança já aparece no entorno. Restaurantes que dependiam do almoço executivo dizem que o movimento se concentra de terça a quinta-feira, e algumas casas passaram a abrir apenas nesses dias. Por outro lado, os espaços de trabalho compartilhado registram ocupação recorde.</p>
<blockquote><p>O bairro deixou de ser o lugar onde todo mundo trabalha todo dia e virou o lugar onde as pessoas se encontram. Isso muda aluguel, comércio e até o trânsito.</p></blockquote>
<p>A análise é do urbanista Henrique Lobato, pesquisador de economia urbana. Ele observa que o fluxo de carros nos horários de pico caiu às segundas e sextas, o que também tem aliviado linhas de ônibus e do metrô que atendem a região.</p>
<h2>Desafio da diversidade</h2>
<p>Recrutadores ouvidos pela reportagem avaliam que a contratação remota ajudou a diversificar as equipes, mas alertam que a promoção a cargos de liderança ainda favorece quem está fisicamente perto da sede. Dados sobre o mercado de trabalho em tecnologia podem ser consultados no <a href="https://www.ibge.gov.br">IBGE</a> e no <a href="https://www.gov.br/mcti">portal do Ministério da Ciência, Tecnologia e Inovação</a>.</p>`,
    tags: ['tecnologia', 'economia', 'mobilidade urbana', 'startups'],
    city_code: '3550308',
    visibility: 'premium',
    author: 'master',
    status: 'published',
    days_ago: 12,
    cover: { hue: 265, accent: 175, motif: 'grid' },
  },
  {
    title: 'Clínica da família em Casa Amarela amplia horário e reduz fila por consultas',
    summary:
      'Unidade passou a atender até as 21h e aos sábados; tempo de espera por consulta com médico de família caiu de três semanas para cinco dias, segundo a gestão local.',
    content: `<p>A clínica da família que atende cerca de 18 mil moradores de Casa Amarela, na zona norte do Recife, passou a funcionar <strong>das 7h às 21h durante a semana e aos sábados pela manhã</strong>. Três meses depois da mudança, o tempo médio de espera por uma consulta com médico de família caiu de três semanas para cinco dias, segundo a coordenação da unidade.</p>
<h2>Mais equipes e agendamento pelo celular</h2>
<p>O horário estendido foi possível com a chegada de duas novas equipes de saúde da família, cada uma formada por médico, enfermeiro, técnicos e agentes comunitários. A unidade também começou a marcar consultas por mensagem de celular, o que reduziu as filas na porta antes da abertura.</p>
<ul>
<li>Consultas de rotina e renovação de receitas podem ser agendadas por mensagem;</li>
<li>O atendimento noturno prioriza trabalhadores e pessoas com doenças crônicas;</li>
<li>Aos sábados, há vacinação e coleta de exames preventivos.</li>
</ul>
<p>A diarista <em>Edilene Souza</em>, de 39 anos, conta que por anos adiou exames porque não podia faltar ao trabalho. “Agora venho às sete da noite, depois do serviço. Fiz o preventivo e já marquei o retorno”, diz.</p>
<h2>Doenças crônicas no centro da estratégia</h2>
<p>A equipe decidiu usar o horário ampliado para acompanhar de perto pacientes com hipertensão e diabetes, que representam a maior parte dos atendimentos. Agentes comunitários fazem busca ativa de quem faltou às consultas e visitam idosos que moram sozinhos nas áreas de morro.</p>
<blockquote><p>Quando a unidade abre no horário em que o trabalhador pode vir, a gente deixa de ver o paciente só na emergência, já com a pressão descontrolada.</p></blockquote>
<p>A declaração é da médica de família <em>Luciana Barreto</em>, que coordena uma das novas equipes. Segundo ela, a meta para o próximo semestre é ampliar os grupos de caminhada e de orientação alimentar, hoje com cerca de 90 participantes.</p>
<h2>Ampliação para outros bairros</h2>
<p>A Secretaria de Saúde estuda levar o horário estendido a outras unidades da cidade, mas depende da contratação de profissionais. A lista de unidades e horários está no <a href="https://www2.recife.pe.gov.br">site da Prefeitura do Recife</a>, e as diretrizes da atenção primária podem ser consultadas no <a href="https://www.gov.br/saude">portal do Ministério da Saúde</a>.</p>`,
    tags: ['saúde', 'política', 'tecnologia', 'atenção primária'],
    city_code: '2611606',
    visibility: 'public',
    author: 'autor',
    status: 'published',
    days_ago: 15,
    cover: { hue: 160, accent: 5, motif: 'hills' },
  },
  {
    title: 'Categoria de base de clube do Partenon une futebol, reforço escolar e nutrição',
    summary:
      'Projeto atende 220 meninos e meninas de 9 a 17 anos na zona leste de Porto Alegre e exige frequência escolar para quem quer seguir nos treinos.',
    content: `<p>No campo de grama sintética do Esporte Clube Vila Partenon, na zona leste de Porto Alegre, o treino só começa depois da conferência do boletim. A categoria de base do clube amador atende <strong>220 meninos e meninas de 9 a 17 anos</strong> e tem uma regra clara: quem não estiver frequentando a escola não entra em campo.</p>
<h2>Treino, sala de estudo e refeição</h2>
<p>O projeto funciona no contraturno escolar. Antes de calçar as chuteiras, os atletas passam uma hora na sala de estudos montada na antiga sede social, onde voluntários e estudantes de licenciatura ajudam com as tarefas. Depois do treino, todos recebem uma refeição preparada com orientação de uma nutricionista.</p>
<ul>
<li>Frequência escolar mínima de 85% para participar das competições;</li>
<li>Acompanhamento nutricional e medição de peso e altura a cada trimestre;</li>
<li>Equipes femininas nas categorias sub-13 e sub-15, criadas há dois anos.</li>
</ul>
<p>O coordenador técnico <em>Anderson Machado</em>, ex-lateral que jogou em clubes do interior gaúcho, diz que a proposta nasceu da própria experiência. “Vi muito guri talentoso largar a escola apostando tudo na bola. De cada mil, um vira profissional. Os outros 999 precisam ter uma saída”, afirma.</p>
<h2>Vitrine para clubes maiores</h2>
<p>Mesmo com foco na formação, os resultados esportivos aparecem. No último ano, o time sub-15 chegou à final de um torneio metropolitano, e quatro atletas foram chamados para avaliações em clubes profissionais do estado. Uma das meninas da equipe feminina foi convocada para a seleção gaúcha da categoria.</p>
<blockquote><p>A gente não promete carreira de jogador para ninguém. A gente promete que eles vão sair daqui sabendo estudar, trabalhar em equipe e cuidar do próprio corpo.</p></blockquote>
<p>A frase é de <em>Marlene Rocha</em>, presidente do clube e moradora do bairro há 40 anos. Ela conta que a maior dificuldade é manter o transporte para jogos fora da cidade, hoje bancado por rifas, doações e um pequeno patrocínio de comerciantes locais.</p>
<h2>Apoio público e inscrições</h2>
<p>O clube concorre a editais de incentivo ao esporte e espera ampliar o atendimento para 300 crianças no próximo ano. As inscrições são abertas em fevereiro e agosto, na sede do clube. Informações sobre programas esportivos municipais estão no <a href="https://prefeitura.poa.br">site da Prefeitura de Porto Alegre</a>, e os editais federais de incentivo podem ser consultados no <a href="https://www.gov.br/esporte">portal do Ministério do Esporte</a>.</p>`,
    tags: ['esporte', 'educação', 'saúde', 'categoria de base'],
    city_code: '4314902',
    visibility: 'public',
    author: 'editor',
    status: 'published',
    days_ago: 18,
    cover: { hue: 120, accent: 0, motif: 'bars' },
  },
  {
    title: 'Turismo de base comunitária leva visitantes a vilas ribeirinhas perto de Manaus',
    summary:
      'Roteiros de um dia e de fim de semana incluem trilhas, pesca artesanal e culinária regional; renda fica com famílias das comunidades do Rio Negro.',
    content: `<p>A menos de duas horas de barco do porto de Manaus, comunidades ribeirinhas do Rio Negro estão recebendo um número crescente de visitantes. Os roteiros de <strong>turismo de base comunitária</strong>, em que as próprias famílias organizam hospedagem, passeios e refeições, registraram no último ano o dobro de turistas em relação ao anterior, segundo uma cooperativa local.</p>
<h2>Como funcionam os roteiros</h2>
<p>Os pacotes são vendidos pela cooperativa, que reúne moradores de cinco comunidades. O visitante sai de Manaus pela manhã e passa o dia ou o fim de semana acompanhando a rotina local, com guias nascidos na região.</p>
<ul>
<li>Trilhas na floresta de terra firme com identificação de plantas medicinais;</li>
<li>Passeio de canoa pelos igapós e observação de botos e aves;</li>
<li>Oficina de artesanato com sementes e fibras;</li>
<li>Almoço com peixe assado, farinha, tucupi e frutas da estação.</li>
</ul>
<p>A guia <em>Francisca Lima dos Santos</em>, de 34 anos, trabalhava na pesca antes de fazer o curso de condutora de turismo. “Antes a gente via o turista passar de lancha e ir embora. Agora ele almoça na nossa casa, conhece a nossa escola, e o dinheiro fica aqui”, conta.</p>
<h2>Renda distribuída e regras de convivência</h2>
<p>De acordo com a cooperativa, cerca de 70% do valor de cada pacote fica com as famílias que prestam os serviços, e o restante é aplicado em um fundo comunitário usado em melhorias como placas solares e reforma do flutuante de embarque. As comunidades limitam o número de visitantes por dia e proíbem a entrada de bebidas em áreas de floresta.</p>
<blockquote><p>O turismo só vale a pena se a comunidade continuar sendo dona do lugar. Nós decidimos quantos vêm, o que mostram e o que fica só para nós.</p></blockquote>
<p>A declaração é de <em>Joaquim Tenório</em>, presidente da cooperativa. Ele diz que o grupo recusou propostas de agências que queriam levar grupos grandes em cruzeiros fluviais, por considerar o impacto alto demais para as vilas.</p>
<h2>Época de cheia e de seca</h2>
<p>Os roteiros mudam ao longo do ano. Na cheia, entre maio e julho, os passeios de canoa entram na floresta alagada; na vazante, aparecem as praias de areia branca. Em períodos de seca severa, parte das comunidades fica de difícil acesso, e a cooperativa pode suspender as saídas.</p>
<p>Informações sobre turismo na capital amazonense estão no <a href="https://www.manaus.am.gov.br">site da Prefeitura de Manaus</a>. Quem busca agências e guias registrados pode consultar o <a href="https://www.gov.br/turismo">Cadastur, do Ministério do Turismo</a>.</p>`,
    tags: ['turismo', 'meio ambiente', 'economia', 'gastronomia', 'rio negro'],
    city_code: '1302603',
    visibility: 'premium',
    author: 'autor',
    status: 'published',
    days_ago: 21,
    cover: { hue: 95, accent: 200, motif: 'sun' },
  },
  {
    title: 'Escolas municipais de Paraisópolis testam programa de leitura com tutores voluntários',
    summary:
      'Iniciativa piloto reúne 350 alunos do 2º ao 5º ano em encontros semanais com tutores; primeiras avaliações indicam avanço na fluência de leitura.',
    content: `<p>Quatro escolas municipais de Paraisópolis, na zona sul de São Paulo, participam desde o início do ano de um programa piloto de leitura que reúne alunos com dificuldade de alfabetização e tutores voluntários. São <strong>350 estudantes do 2º ao 5º ano</strong> que passam a ter, uma vez por semana, um encontro de 50 minutos dedicado apenas a ler em voz alta e conversar sobre livros.</p>
<h2>Como o programa funciona</h2>
<p>Os tutores são universitários, professores aposentados e moradores da própria comunidade, que passaram por uma formação de 20 horas. Cada voluntário acompanha no máximo três crianças, e os encontros acontecem na biblioteca da escola, no contraturno.</p>
<ul>
<li>Os livros são escolhidos de acordo com o nível de leitura de cada aluno;</li>
<li>A cada bimestre, as crianças fazem uma avaliação curta de fluência;</li>
<li>As famílias recebem sugestões de atividades de leitura para fazer em casa.</li>
</ul>
<p>A primeira avaliação, feita após quatro meses, indicou que a média de palavras lidas por minuto subiu 28% entre os participantes. A secretaria ainda não divulgou a comparação com turmas que não estão no programa, o que deve ocorrer no fim do ano letivo.</p>
<h2>Na sala de aula, reflexos no dia a dia</h2>
<p>A professora <em>Denise Aparecida Moura</em>, que leciona para o 3º ano em uma das escolas, diz que a mudança aparece no comportamento. “Tinha aluno que escondia o caderno para ninguém ver que ele não conseguia ler. Hoje ele levanta a mão para ler o enunciado”, relata.</p>
<blockquote><p>A criança que não lê bem até o 3º ano começa a ficar para trás em todas as matérias. Quanto mais cedo a gente intervém, menor é a conta lá na frente.</p></blockquote>
<p>A avaliação é da pedagoga <em>Cláudia Ferraz</em>, coordenadora do programa. Ela afirma que o maior desafio tem sido manter a frequência dos voluntários ao longo do semestre e que a equipe estuda oferecer certificado de horas complementares para estudantes universitários.</p>
<h2>Possível expansão</h2>
<p>Se os resultados finais forem confirmados, a proposta é levar o programa a outras 20 escolas da zona sul no próximo ano. Quem quiser se inscrever como tutor pode procurar a diretoria regional de ensino. Informações sobre a rede municipal estão no <a href="https://www.prefeitura.sp.gov.br">portal da Prefeitura de São Paulo</a>, e os indicadores de alfabetização do país podem ser consultados no <a href="https://www.gov.br/inep">portal do Inep</a>.</p>`,
    tags: ['educação', 'cultura', 'política', 'alfabetização'],
    city_code: '3550308',
    visibility: 'public',
    author: 'autor',
    status: 'review',
    days_ago: 24,
    cover: { hue: 45, accent: 280, motif: 'circles' },
  },
];
